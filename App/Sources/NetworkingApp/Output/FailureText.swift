import Foundation
import HTTPClient

/// What happened, in words: an error's own description, or a plain sentence for Foundation's file errors
/// (never `Error Domain=… UserInfo=…`).
enum FailureText {
    /// The error as one clause, without its final period.
    static func sentence(for error: any Error) -> String {
        var text: String
        if let failure = LocalFileFailure(error) {
            text = failure.sentence
        } else if let error = error as? HTTPTransportError, let handshake = error.underlying as? TLSHandshakeFailure,
            let sentence = handshake.sentence(for: error)
        {
            text = sentence
        } else if let error = error as? CocoaError {
            text = FileErrorText.sentence(for: error)
        } else if let error = error as? POSIXError {
            text = FileErrorText.reason(errno: error.code.rawValue, writing: nil)
        } else if let description = (error as? any LocalizedError)?.errorDescription {
            text = description
        } else {
            text = String(describing: error)
            // An `NSError` describes itself as a dump of its domain and user info; its localized text reads better.
            if text.hasPrefix("Error Domain=") { text = error.localizedDescription }
        }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
