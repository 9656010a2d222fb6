import Foundation
import HTTPClient

/// A stored part completed by a range request for the rest (RFC 9111, 3.3 and 3.4).
struct PartCompletion: Sendable {
    /// How the origin is asked, and the store updated.
    let origin: ConditionalFetch

    /// The stored part that a `GET` without `Range` may complete, or `nil`: one of `request`'s variant that holds
    /// the representation's first bytes but not all of them.
    func part(for request: any HTTPRequest, key: HTTPCacheKey) -> HTTPCacheEntry? {
        guard request.method == .get, request.headers?["Range"] == nil else { return nil }
        return origin.store.entry(for: key) { entry in
            entry.statusCode == 206 && CacheRules.matchesSelectingFields(entry, request) && Self.rest(of: entry) != nil
        }
    }

    /// The answer to `request`, a `GET` without `Range`, that completes `part`: the request goes to the origin with
    /// `Range` for the bytes after the part (and `If-Range` with the part's strong `ETag`, when it has one).
    ///
    /// - A `206` with the rest and the same strong `ETag` as the part is combined with it into a `200` with the
    ///   new response's fields, which is stored (3.4).
    /// - Any other `206`, which cannot be combined, and a `416` are dropped, and the request is sent again as
    ///   written.
    /// - Anything else (the origin ignored the range) is the answer, handled as any fetched answer.
    func complete(
        _ part: HTTPCacheEntry, for request: any HTTPRequest, key: HTTPCacheKey, directives: RequestDirectives
    ) async throws -> (Data, HTTPResponse) {
        guard let rest = Self.rest(of: part) else {
            return try await origin.fetch(request, key: key, stored: nil, directives: directives)
        }
        var fields: HTTPHeaders = ["Range": "bytes=\(rest)-"]
        if let etag = Self.strongETag(of: part.headers) { fields["If-Range"] = etag }
        let requestTime = origin.now()
        let (data, response) = try await origin.fetch(
            request.settingHeaders(fields), key: key, stored: nil, directives: directives)
        switch response.statusCode {
        case 206:
            guard let combined = Self.combined(part, withRest: data, response, from: rest) else { break }
            if !directives.noStore,
                let entry = CacheRules.entry(
                    for: request, data: combined.0, response: combined.1, requestTime: requestTime,
                    responseTime: origin.now(), policy: origin.policy)
            {
                origin.store.store(entry, for: key)
            }
            return CachedAnswer.marked(combined, .miss)
        case 416:
            break
        default:
            return (data, response)
        }
        return try await origin.fetch(request, key: key, stored: nil, directives: directives)
    }

    /// The offset of the first byte after the stored `part`, when the part holds the first bytes of the
    /// representation and not the last; `nil` otherwise.
    static func rest(of part: HTTPCacheEntry) -> Int? {
        guard let range = part.headers["Content-Range"].flatMap(ContentRange.init),
            let held = range.heldOffsets(byteCount: part.body.count), held.lowerBound == 0,
            held.upperBound < range.completeLength - 1
        else { return nil }
        return held.upperBound + 1
    }

    /// `part` and the `206` `response` with the bytes from `start` combined into a `200` (RFC 9111, 3.4), or `nil`
    /// unless both carry the same strong `ETag` and the response holds every byte from `start` to the end of the
    /// same representation. The response's fields replace the part's, but `Content-Range`; `Content-Length` is
    /// the whole body's.
    static func combined(_ part: HTTPCacheEntry, withRest data: Data, _ response: HTTPResponse, from start: Int)
        -> (Data, HTTPResponse)?
    {
        let fields = response.headers ?? HTTPHeaders()
        guard let etag = strongETag(of: part.headers), strongETag(of: fields) == etag,
            !fields.contains("Content-Encoding"),
            let stored = part.headers["Content-Range"].flatMap(ContentRange.init),
            let rest = fields["Content-Range"].flatMap(ContentRange.init), rest.first == start,
            rest.last == stored.completeLength - 1, rest.completeLength == stored.completeLength,
            data.count == rest.last - rest.first + 1
        else { return nil }
        var headers = part.headers.merging(CacheRules.storable(fields))
        headers["Content-Range"] = nil
        headers["Content-Length"] = String(stored.completeLength)
        let body = part.body.prefix(start) + data
        return (body, HTTPResponse(statusCode: 200, headers: headers))
    }

    /// The `ETag` of `headers` when it is a strong one (no `W/`), else `nil`.
    private static func strongETag(of headers: HTTPHeaders) -> String? {
        guard let etag = headers["ETag"]?.trimmingCharacters(in: .whitespaces), etag.hasPrefix("\"") else { return nil }
        return etag
    }
}
