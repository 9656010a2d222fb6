import Foundation

/// Turns an error into text a person can act on: what failed, why, and what to try.
enum FailureMessage {
    /// Shown when the error brings no recovery suggestion of its own.
    static let fallbackHint = "Check the network connection and that the server is running, then try again."

    /// `"<action>: <error description>"`, then the error's recovery suggestion (or ``fallbackHint``) on a new line.
    static func text(_ action: String, _ error: any Error) -> String {
        "\(action): \(reason(error))\n\((error as? any LocalizedError)?.recoverySuggestion ?? fallbackHint)"
    }

    /// `localizedDescription` when the error describes itself (`LocalizedError`), else its `description`,
    /// which reads better than Foundation's generic "The operation could not be completed".
    static func reason(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription != nil ? error.localizedDescription : String(describing: error)
    }
}
