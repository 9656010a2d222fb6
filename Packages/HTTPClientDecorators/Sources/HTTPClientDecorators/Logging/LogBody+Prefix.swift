import Foundation

extension LogBody {
    /// The log text for a streamed body of which `count` bytes went through and `prefix` was kept.
    ///
    /// A body kept whole is shown as ``describe(_:limit:isSecret:)`` shows it. Otherwise the prefix is shown
    /// as text with the values of secret JSON keys and form fields hidden (a JSON text cut short cannot be
    /// parsed, so ``PartialJSONRedaction`` reads it), then a note of what is left out.
    /// - Parameters:
    ///   - isComplete: Whether every byte of the body went through (else its reader stopped or failed).
    ///   - limit: The most bytes shown; `0` or less shows only the size.
    static func describe(
        prefix: Data, count: Int64, isComplete: Bool, limit: Int, isSecret: (String) -> Bool
    ) -> String {
        if isComplete, Int64(prefix.count) == count { return describe(prefix, limit: limit, isSecret: isSecret) }
        guard count > 0 else { return "<nothing read>" }
        guard limit > 0, !prefix.isEmpty else { return "<\(count) bytes>" }
        guard let text = validText(prefix), !looksBinary(text) else { return "<\(count) bytes of binary data>" }
        let shown = redactedPrefix(text, isSecret: isSecret)
        let left = count - Int64(text.utf8.count)
        if !isComplete { return "\(shown)… (reading stopped after \(count) bytes)" }
        return "\(shown)… (\(left) more bytes)"
    }

    /// `prefix` as UTF-8 text, without a character cut off at its end; `nil` when it is not UTF-8.
    private static func validText(_ prefix: Data) -> String? {
        for cut in 0...min(3, prefix.count - 1) {
            if let text = String(validating: prefix.dropLast(cut), as: UTF8.self) { return text }
        }
        return nil
    }

    private static func redactedPrefix(_ text: String, isSecret: (String) -> Bool) -> String {
        let first = text.unicodeScalars.first { !" \t\r\n".unicodeScalars.contains($0) }
        if first == "{" || first == "[" { return PartialJSONRedaction.redact(text, isSecret: isSecret) }
        return looksLikeFormPrefix(text) ? redactedForm(text, isSecret: isSecret) : text
    }

    /// Whether `text` is the start of a form (`a=1&b=2`): every field but the last is a whole field, and the
    /// last may be cut before its `=`.
    private static func looksLikeFormPrefix(_ text: String) -> Bool {
        let fields = text.split(separator: "&", omittingEmptySubsequences: false)
        guard let last = fields.last, fields.contains(where: { $0.contains("=") }) else { return false }
        return fields.dropLast().allSatisfy(isFormField) && !last.hasPrefix("=") && !last.contains { $0.isWhitespace }
    }
}
