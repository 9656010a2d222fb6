import Foundation

/// How bodies are written to and read from an archive: UTF-8 text as it is, anything else as base64.
enum HARBody {
    /// The `comment` of a body left out of the archive because its chain marks it secret.
    static let secretBodyNote = "The body is not recorded: its chain marks bodies as secret."

    /// `data` as archive text, with secret JSON fields redacted; `nil` text with `redactsWholeBody`, when the
    /// whole body is a secret (``secretBodyNote`` says so).
    static func text(of data: Data, redaction: HARRedaction, redactsWholeBody: Bool) -> (
        text: String?, encoding: String?
    ) {
        if data.isEmpty { return ("", nil) }
        if redactsWholeBody { return (nil, nil) }
        guard let text = String(validating: data, as: UTF8.self) else {
            return (data.base64EncodedString(), "base64")
        }
        return (redaction.redacted(jsonText: text, data: data) ?? text, nil)
    }

    /// The bytes an archive's `text` and `encoding` stand for; `nil` when base64 text does not decode.
    static func data(text: String?, encoding: String?) -> Data? {
        guard let text else { return Data() }
        guard encoding?.lowercased() == "base64" else { return Data(text.utf8) }
        return Data(base64Encoded: text, options: .ignoreUnknownCharacters)
    }
}
