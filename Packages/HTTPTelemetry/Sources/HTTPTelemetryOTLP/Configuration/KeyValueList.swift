import Foundation
import HTTPTelemetry

/// The `key=value,key=value` lists of `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_RESOURCE_ATTRIBUTES`, in the
/// W3C Baggage form without properties: spaces and tabs around members, keys and values are dropped, values
/// are percent-decoded, and empty members are skipped.
enum KeyValueList {
    /// One `key=value` member and its 1-based position in the list.
    struct Member: Equatable {
        let key: String
        let value: String
        let position: Int
    }

    /// The members in order, or the 1-based position of the first one that is not `key=value` with a
    /// non-empty key and a value that percent-decodes to UTF-8.
    static func parse(_ text: String) -> Result<[Member], Invalid> {
        var members: [Member] = []
        for (index, member) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let trimmed = trim(member)
            if trimmed.isEmpty { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                return .failure(Invalid(member: index + 1))
            }
            let key = trim(trimmed[..<equals])
            guard !key.isEmpty, let value = trim(trimmed[trimmed.index(after: equals)...]).removingPercentEncoding
            else { return .failure(Invalid(member: index + 1)) }
            members.append(Member(key: String(key), value: value, position: index + 1))
        }
        return .success(members)
    }

    /// The 1-based position of a member that is not `key=value`.
    struct Invalid: Error, Equatable {
        let member: Int
    }

    private static func trim(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !blank($0) }), let end = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return text[start...end]
    }
}
