/// Comma-separated field values whose members may hold quoted strings (RFC 9110, 5.6.1 and 5.6.4).
///
/// Both functions read UTF-8 bytes: every delimiter is ASCII, so a combining mark after a quote or a backslash
/// cannot hide it, and the pieces cut out are whole scalars.
enum QuotedStringList {
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let comma = UInt8(ascii: ",")

    /// The pieces of `value` between the commas that lie outside quoted strings, untrimmed. Inside a quoted
    /// string a backslash escapes the next byte, so `\"` does not end it; an unterminated one runs to the end.
    static func members(_ value: String) -> [Substring] {
        let bytes = value.utf8
        var members: [Substring] = []
        var start = bytes.startIndex
        var inQuotes = false
        var escaped = false
        for index in bytes.indices {
            let byte = bytes[index]
            if escaped {
                escaped = false
            } else if inQuotes && byte == backslash {
                escaped = true
            } else if byte == quote {
                inQuotes.toggle()
            } else if byte == comma && !inQuotes {
                members.append(value[start..<index])
                start = bytes.index(after: index)
            }
        }
        members.append(value[start...])
        return members
    }

    /// `text` unquoted when it starts with a quoted string: the characters up to the closing quote, each
    /// quoted-pair (`\` and one character) replaced by its character; an unterminated string runs to the end and
    /// anything after the closing quote is ignored. Any other `text` comes back as it is.
    static func unquoted(_ text: String) -> String {
        guard text.utf8.first == quote else { return text }
        var content: [UInt8] = []
        var escaped = false
        for byte in text.utf8.dropFirst() {
            if escaped {
                content.append(byte)
                escaped = false
            } else if byte == backslash {
                escaped = true
            } else if byte == quote {
                break
            } else {
                content.append(byte)
            }
        }
        return String(decoding: content, as: UTF8.self)
    }
}
