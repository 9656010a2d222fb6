import Foundation

/// Turns a body into log text: pretty JSON or text with secrets redacted, binary as its size, cut at a limit.
enum LogBody {
    /// The log text for `data`. JSON and form-encoded text (`a=1&b=2`, recognised by shape, since a thrown
    /// `HTTPError` carries no `Content-Type`) have the values of secret names replaced.
    /// - Parameters:
    ///   - limit: The most UTF-8 bytes of text to show; `0` or less shows only the size.
    ///   - isSecret: Whether the value of a JSON key or form field with this name must be hidden.
    static func describe(_ data: Data, limit: Int, isSecret: (String) -> Bool) -> String {
        guard !data.isEmpty else { return "<empty>" }
        guard limit > 0 else { return "<\(data.count) bytes>" }
        guard let text = String(validating: data, as: UTF8.self), !looksBinary(text) else {
            return "<\(data.count) bytes of binary data>"
        }
        let readable =
            prettyJSON(data, isSecret: isSecret)
            ?? (looksLikeForm(text) ? redactedForm(text, isSecret: isSecret) : text)
        return truncated(readable, limit: limit)
    }

    static func looksBinary(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar)) || scalar.value == 0x7F
        }
    }

    private static func prettyJSON(_ data: Data, isSecret: (String) -> Bool) -> String? {
        guard
            let first = data.first(where: { !" \t\r\n".utf8.contains($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let object = try? JSONSerialization.jsonObject(with: data),
            let pretty = try? JSONSerialization.data(
                withJSONObject: redacted(object, isSecret: isSecret),
                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: pretty, as: UTF8.self)
    }

    private static func redacted(_ value: Any, isSecret: (String) -> Bool) -> Any {
        if let object = value as? [String: Any] {
            return object.reduce(into: [String: Any]()) { result, field in
                result[field.key] = isSecret(field.key) ? LogFormat.redacted : redacted(field.value, isSecret: isSecret)
            }
        }
        if let array = value as? [Any] {
            return array.map { redacted($0, isSecret: isSecret) }
        }
        return value
    }

    private static func looksLikeForm(_ text: String) -> Bool {
        text.split(separator: "&").allSatisfy(isFormField)
    }

    /// Whether `field` has the shape `name=value`, with a name and no whitespace.
    static func isFormField(_ field: Substring) -> Bool {
        field.contains("=") && !field.hasPrefix("=") && !field.contains { $0.isWhitespace }
    }

    static func redactedForm(_ text: String, isSecret: (String) -> Bool) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { field in
            let name = field.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let decoded = name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? name
            return isSecret(decoded) ? "\(name)=\(LogFormat.redacted)" : String(field)
        }
        .joined(separator: "&")
    }

    /// `text` cut to at most `limit` UTF-8 bytes on a character boundary, with a note of what was left out.
    static func truncated(_ text: String, limit: Int) -> String {
        let total = text.utf8.count
        guard total > limit else { return text }
        var shown = 0
        var end = text.startIndex
        for index in text.indices {
            let size = text[index].utf8.count
            guard shown + size <= limit else { break }
            shown += size
            end = text.index(after: index)
        }
        return "\(text[..<end])… (\(total - shown) more bytes)"
    }
}
