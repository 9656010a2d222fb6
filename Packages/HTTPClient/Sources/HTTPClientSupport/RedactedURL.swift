import Foundation

/// The one way to show or store a URL: any user name and password become `[redacted]`.
///
/// Logs, archives and error messages print URLs through this, so a base URL such as
/// `http://user:secret@host/` never leaks its credentials.
///
/// ```swift
/// RedactedURL.string(from: "http://user:pw@example.com/a")   // "http://[redacted]@example.com/a"
/// ```
public enum RedactedURL {
    /// What stands in for the userinfo.
    public static let placeholder = "[redacted]"

    /// `url`'s absolute string with its userinfo replaced by ``placeholder``.
    public static func string(from url: URL) -> String {
        string(from: url.absoluteString)
    }

    /// `text` (a URL, or a string that failed to parse as one) with the userinfo of its authority replaced.
    ///
    /// The authority is what follows the first `//` up to the next `/`, `?` or `#`; its userinfo is what
    /// comes before the last `@` in it. Text with no `@` there is returned unchanged.
    public static func string(from text: String) -> String {
        guard let slashes = text.range(of: "//") else { return text }
        let authorityEnd = text[slashes.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        let authority = text[slashes.upperBound..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return text }
        return text[..<slashes.upperBound] + placeholder + text[at...]
    }

    /// Free text, such as an error message, with the userinfo of every URL in it replaced.
    ///
    /// Each whitespace-separated word holding an `@` goes through ``string(from:)-(String)``; everything else
    /// is kept as it is.
    public static func text(_ text: String) -> String {
        guard text.contains("@") else { return text }
        var result = ""
        var word = ""
        for character in text {
            if character.isWhitespace {
                result += redactedWord(word)
                result.append(character)
                word = ""
            } else {
                word.append(character)
            }
        }
        return result + redactedWord(word)
    }

    private static func redactedWord(_ word: String) -> String {
        word.contains("@") ? string(from: word) : word
    }
}

extension URL {
    /// The absolute string with any user name and password replaced by `[redacted]` (see ``RedactedURL``).
    public var redactedString: String { RedactedURL.string(from: self) }
}
