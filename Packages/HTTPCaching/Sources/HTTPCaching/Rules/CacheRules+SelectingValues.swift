import Foundation

/// How a request field that `Vary` names is normalised before it is fingerprinted, so that values with the same
/// meaning select the same variant (RFC 9111, 4.1).
extension CacheRules {
    /// Selecting fields whose whole grammar is case-insensitive: language ranges (RFC 4647, 2), content codings
    /// (RFC 9110, 8.4.1) and charsets (RFC 9110, 8.3.2), each with an optional `q` weight.
    static let caseInsensitiveSelectingFields: Set<String> = ["accept-language", "accept-encoding", "accept-charset"]

    /// `value` of the field `name` with its list members one `, ` apart: the spaces and tabs around each comma
    /// and at the ends are dropped (RFC 9110, 5.6.1), commas inside quoted strings are kept as they are, and
    /// members stay in order. Fields in ``caseInsensitiveSelectingFields`` are also lowercased (ASCII only).
    static func selectingValue(_ value: String, name: String) -> String {
        let joined = QuotedStringList.members(value).map { $0.trimmingCharacters(in: optionalWhitespace) }.joined(
            separator: ", ")
        guard caseInsensitiveSelectingFields.contains(name.lowercased()) else { return joined }
        return String(decoding: joined.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static let optionalWhitespace = CharacterSet(charactersIn: " \t")
}
