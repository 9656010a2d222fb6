import Foundation
import HTTPClient
import HTTPClientSupport

/// Replaces the values of secret names with `"[redacted]"`: headers, query items and JSON fields at any
/// depth. Names compare case-insensitively; the field itself is always kept. A URL in any other header value
/// (`Location`, `Referer`) keeps everything but its user name and password (see `RedactedURL`).
struct HARRedaction: Sendable {
    private let names: Set<String>

    init(names: Set<String>) {
        self.names = Set(names.map { $0.lowercased() })
    }

    func isSecret(_ name: String) -> Bool {
        !names.isEmpty && names.contains(name.lowercased())
    }

    /// Whether `text` contains any redacted name, ignoring case.
    func mentionsSecret(_ text: String) -> Bool {
        let lowercased = text.lowercased()
        return names.contains { lowercased.contains($0) }
    }

    func redacted(headers: HTTPHeaders?) -> [HARNameValue] {
        (headers ?? HTTPHeaders()).map { field in
            HARNameValue(
                name: field.name,
                value: isSecret(field.name) ? HARRecorder.redactedValue : RedactedURL.text(field.value))
        }
    }

    func redacted(query: HTTPQueryParameter) -> HTTPQueryParameter {
        var redacted = query
        for name in query.keys where isSecret(name) {
            redacted[name] = HARRecorder.redactedValue
        }
        return redacted
    }

    /// `text` rewritten with secret JSON fields redacted, or `nil` when it is not JSON or holds no secret
    /// field (then the body is written exactly as it came).
    func redacted(jsonText text: String, data: Data) -> String? {
        guard !names.isEmpty, let first = text.utf8.first(where: { !" \t\r\n".utf8.contains($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        var found = false
        let redacted = redacting(value, found: &found)
        guard found,
            let json = try? JSONSerialization.data(
                withJSONObject: redacted, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: json, as: UTF8.self)
    }

    private func redacting(_ value: Any, found: inout Bool) -> Any {
        if let object = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, field) in object {
                if isSecret(key) {
                    found = true
                    result[key] = HARRecorder.redactedValue
                } else {
                    result[key] = redacting(field, found: &found)
                }
            }
            return result
        }
        if let array = value as? [Any] {
            return array.map { redacting($0, found: &found) }
        }
        return value
    }
}
