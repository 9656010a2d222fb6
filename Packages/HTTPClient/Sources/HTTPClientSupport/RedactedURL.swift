import Foundation

/// The one way to show or store a URL: any user name and password become `[redacted]`, and so do the values
/// of the query parameters in ``sensitiveQueryParameters`` (the signatures and credentials of presigned URLs,
/// API keys, OAuth fields).
///
/// Logs, archives and error messages print URLs through this, so a base URL such as
/// `http://user:secret@host/` or a presigned `…?X-Amz-Signature=…` never leaks its credentials.
///
/// ```swift
/// RedactedURL.string(from: "http://user:pw@example.com/a")   // "http://[redacted]@example.com/a"
/// RedactedURL.string(from: "https://s3.test/f?X-Amz-Signature=abc")   // "https://s3.test/f?X-Amz-Signature=[redacted]"
/// ```
public enum RedactedURL {
    /// What stands in for the userinfo.
    public static let placeholder = "[redacted]"

    /// `url`'s absolute string with its userinfo and the values of ``sensitiveQueryParameters`` replaced by
    /// ``placeholder``.
    public static func string(from url: URL) -> String {
        string(from: url.absoluteString)
    }

    /// `text` (a URL, or a string that failed to parse as one) with the userinfo of its authority and the values
    /// of ``sensitiveQueryParameters`` in its query replaced.
    ///
    /// The authority is what follows the first `//` up to the next `/`, `?` or `#`; its userinfo is what
    /// comes before the last `@` in it. The query is what follows the first `?` up to a `#`. Text with neither
    /// is returned unchanged.
    public static func string(from text: String) -> String {
        withRedactedQuery(withoutUserInfo(text))
    }

    /// `text` with the userinfo of its authority replaced by ``placeholder``.
    static func withoutUserInfo(_ text: String) -> String {
        guard let slashes = text.range(of: "//") else { return text }
        let authorityEnd = text[slashes.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        let authority = text[slashes.upperBound..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return text }
        return text[..<slashes.upperBound] + placeholder + text[at...]
    }

    /// Free text, such as an error message, with the userinfo and sensitive query values of every URL in it
    /// replaced.
    ///
    /// Each whitespace-separated word holding an `@` or a `?` goes through ``string(from:)-(String)``;
    /// everything else is kept as it is.
    public static func text(_ text: String) -> String {
        guard text.contains("@") || text.contains("?") else { return text }
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
        word.contains("@") || word.contains("?") ? string(from: word) : word
    }
}

extension URL {
    /// The absolute string with any user name, password and sensitive query value replaced by `[redacted]` (see
    /// ``RedactedURL``).
    public var redactedString: String { RedactedURL.string(from: self) }
}
