import Foundation
import HTTPClient
import HTTPClientSupport

/// The caller's own `If-None-Match` and `If-Modified-Since`, the preconditions a cache evaluates against a stored
/// response (RFC 9111, 4.3.2). `If-Match`, `If-Unmodified-Since` and `If-Range` are for the origin alone.
struct ConditionalRequest {
    /// The `If-None-Match` value, as sent.
    let ifNoneMatch: String?
    /// The `If-Modified-Since` value, as sent.
    let ifModifiedSince: String?

    /// The request's conditions, or `nil` when it has neither `If-None-Match` nor `If-Modified-Since`, or has one
    /// of the preconditions a cache leaves to the origin.
    init?(_ headers: HTTPHeaders?) {
        guard let headers, !["If-Match", "If-Unmodified-Since", "If-Range"].contains(where: headers.contains)
        else { return nil }
        ifNoneMatch = headers["If-None-Match"]
        ifModifiedSince = headers["If-Modified-Since"]
        guard ifNoneMatch != nil || ifModifiedSince != nil else { return nil }
    }

    /// Whether `entry` leaves the condition false, so the caller's copy is current and the answer is a `304`
    /// (RFC 9110, 13.2.2). `If-None-Match`, when present, decides alone: `*`, or one of its entity-tags that
    /// matches the stored `ETag` by weak comparison (13.1.2). Otherwise a valid `If-Modified-Since` date no
    /// earlier than the stored `Last-Modified` (else `Date`, else the time the entry arrived) (13.1.3).
    func isNotModified(by entry: HTTPCacheEntry) -> Bool {
        if let ifNoneMatch {
            let tags = Self.members(of: ifNoneMatch)
            if tags.contains("*") { return true }
            guard let etag = entry.headers["ETag"].map(Self.opaque) else { return false }
            return tags.contains { Self.opaque($0).utf8.elementsEqual(etag.utf8) }
        }
        guard let ifModifiedSince, let since = HTTPDate.parse(ifModifiedSince, now: entry.responseTime) else {
            return false
        }
        let modified =
            entry.headers["Last-Modified"].flatMap { HTTPDate.parse($0, now: entry.responseTime) }
            ?? entry.headers["Date"].flatMap { HTTPDate.parse($0, now: entry.responseTime) } ?? entry.responseTime
        return modified <= since
    }

    /// The members of an entity-tag list, split at commas outside quotes, without the spaces and tabs around them.
    /// An entity-tag has no quoted-pairs (RFC 9110, 8.8.3): a backslash is an ordinary character here, unlike in
    /// the quoted strings ``QuotedStringList`` reads. The list is read as UTF-8 bytes, so a combining mark after a
    /// quote cannot hide it.
    static func members(of list: String) -> [String] {
        var members: [String] = []
        var start = list.utf8.startIndex
        var quoted = false
        for index in list.utf8.indices {
            switch list.utf8[index] {
            case UInt8(ascii: "\""):
                quoted.toggle()
            case UInt8(ascii: ","):
                guard !quoted else { continue }
                members.append(String(list[start..<index]))
                start = list.utf8.index(after: index)
            default:
                continue
            }
        }
        members.append(String(list[start...]))
        return members.map(trimmed).filter { !$0.isEmpty }
    }

    /// `text` without the spaces and tabs at its ends, counted in Unicode scalars.
    private static func trimmed(_ text: String) -> String {
        let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }),
            let last = scalars.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// An entity-tag without its weakness indicator `W/`, for weak comparison; other text is compared as it is.
    static func opaque(_ tag: String) -> Substring {
        let trimmed = Substring(Self.trimmed(tag))
        return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
    }
}
