import HTTPClient

/// Free text, such as an error message, with the userinfo of every URL in it replaced through `RedactedURL`.
enum RedactedText {
    /// `text` with each whitespace-separated word that holds a URL with userinfo redacted; other text is kept.
    static func string(from text: String) -> String {
        guard text.contains("@") else { return text }
        var result = ""
        var word = ""
        for character in text {
            if character.isWhitespace {
                result += redacted(word)
                result.append(character)
                word = ""
            } else {
                word.append(character)
            }
        }
        return result + redacted(word)
    }

    private static func redacted(_ word: String) -> String {
        word.contains("@") ? RedactedURL.string(from: word) : word
    }
}
