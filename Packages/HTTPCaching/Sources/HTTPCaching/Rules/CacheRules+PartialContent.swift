import Foundation
import HTTPClient

/// Stored parts: `206 Partial Content` responses kept as incomplete responses (RFC 9111, 3.3).
///
/// A part is stored when it states one `bytes` range of a known complete length in `Content-Range` and has no
/// `Content-Encoding` (the stored body is decoded, offsets would count coded bytes). Its variant also holds the
/// fingerprint of the request's `Range`, under ``partRangeName``. A part answers only a `GET` with one `Range`:
/// the same `Range` it was fetched with, or one that selects bytes wholly within the bytes the part holds (3.3).
/// Nothing else sees it: a request without `Range` or a `HEAD` goes on as if it were not stored.
extension CacheRules {
    /// The variant name under which a part keeps the fingerprint of the `Range` it was fetched with.
    static let partRangeName = "range"

    /// Whether a `206` response with `headers` and `body` may be stored as a part.
    static func isStorablePart(_ headers: HTTPHeaders, body: Data) -> Bool {
        guard !headers.contains("Content-Encoding"), let range = headers["Content-Range"].flatMap(ContentRange.init)
        else { return false }
        return range.heldOffsets(byteCount: body.count) != nil
    }

    /// Whether the stored part `entry` answers `request`: a `GET` whose `Vary`-named fields match, with the `Range`
    /// the part was fetched with or one within the bytes it holds.
    static func partMatches(_ entry: HTTPCacheEntry, _ request: any HTTPRequest) -> Bool {
        guard request.method == .get, let requested = request.headers?["Range"],
            matchesSelectingFields(entry, request)
        else { return false }
        if variant(of: request, names: [partRangeName]) == [partRangeName: entry.variant[partRangeName] ?? ""] {
            return true
        }
        return heldSelection(of: entry, for: requested) != nil
    }

    /// Whether the `Vary`-named fields of `request` match those the part `entry` was stored for (its `Range`
    /// aside).
    static func matchesSelectingFields(_ entry: HTTPCacheEntry, _ request: any HTTPRequest) -> Bool {
        var selecting = entry.variant
        selecting[partRangeName] = nil
        return selecting.isEmpty || variant(of: request, names: selecting.keys) == selecting
    }

    /// The offsets of the part `entry` that the `Range` value `requested` selects, when they lie wholly within the
    /// bytes it holds; `nil` otherwise.
    static func heldSelection(of entry: HTTPCacheEntry, for requested: String) -> ClosedRange<Int>? {
        entry.headers["Content-Range"].flatMap(ContentRange.init).flatMap {
            $0.heldSelection(for: requested, byteCount: entry.body.count)
        }
    }
}
