/// One entry of an `Accept` header (RFC 9110, 12.5.1): `type/subtype`, `type/*` or `*/*`, with its weight.
///
/// Parameters other than `q` are ignored for matching; names compare case-insensitively.
struct MediaRange: Equatable {
    /// The lowercased type, or `"*"`.
    let type: String
    /// The lowercased subtype, or `"*"`.
    let subtype: String
    /// The `q` weight; `0` means "not acceptable".
    let quality: Double

    /// The ranges of an `Accept` value; entries that are not `type/subtype` are skipped.
    /// A lone `*` (sent by some clients) is read as `*/*`.
    static func parseList(_ accept: String) -> [MediaRange] {
        accept.split(separator: ",").compactMap { parse(String($0)) }
    }

    private static func parse(_ entry: String) -> MediaRange? {
        var parts = entry.split(separator: ";", omittingEmptySubsequences: false).map(trimmed)
        let essence = parts.removeFirst().lowercased()
        guard let (type, subtype) = MediaType.split(essence == "*" ? "*/*" : essence) else { return nil }
        guard type != "*" || subtype == "*" else { return nil }
        let quality = parts.lazy.compactMap(weight).first ?? 1
        return MediaRange(type: type, subtype: subtype, quality: quality)
    }

    private static func weight(_ parameter: String) -> Double? {
        let pair = parameter.split(separator: "=", maxSplits: 1).map(trimmed)
        guard pair.count == 2, pair[0].lowercased() == "q" else { return nil }
        guard let value = Double(pair[1]), (0...1).contains(value) else { return 1 }
        return value
    }

    /// How specific the range is: 2 for `type/subtype`, 1 for `type/*`, 0 for `*/*`.
    var specificity: Int {
        type == "*" ? 0 : subtype == "*" ? 1 : 2
    }

    /// Whether the range covers the media type `type/subtype` (both lowercased).
    func matches(type: String, subtype: String) -> Bool {
        (self.type == "*" || self.type == type) && (self.subtype == "*" || self.subtype == subtype)
    }

    private static func trimmed(_ text: Substring) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }
}

/// Reads `Content-Type` values.
enum MediaType {
    /// The lowercased `(type, subtype)` of a `Content-Type` value, parameters dropped; `nil` if malformed.
    static func parse(_ contentType: String) -> (type: String, subtype: String)? {
        let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return split(essence.trimmingCharacters(in: .whitespaces).lowercased())
    }

    static func split(_ essence: String) -> (type: String, subtype: String)? {
        let pair = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty, !essence.contains(" ") else { return nil }
        return (String(pair[0]), String(pair[1]))
    }
}

extension [MediaRange] {
    /// Whether a response of `contentType` is acceptable: the most specific matching range decides, and
    /// a weight of 0 rejects (so `text/*, text/html;q=0` refuses HTML). `nil` (no `Content-Type`) is
    /// acceptable only under a `*/*` range with a non-zero weight.
    func accepts(contentType: String?) -> Bool {
        guard let contentType else {
            return contains { $0.specificity == 0 && $0.quality > 0 }
        }
        guard let (type, subtype) = MediaType.parse(contentType) else { return false }
        let matching = filter { $0.matches(type: type, subtype: subtype) }
        guard let best = matching.map(\.specificity).max() else { return false }
        return matching.filter { $0.specificity == best }.contains { $0.quality > 0 }
    }
}
