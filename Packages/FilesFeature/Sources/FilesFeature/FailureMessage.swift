import Foundation

/// Turns an error into text a person can act on: what failed, why, and what to try.
enum FailureMessage {
    /// Shown when the error brings no recovery suggestion of its own.
    static let fallbackHint =
        "Check that the files server is running and reachable and that the access token is valid, then try again."

    /// `"<action>: <error description>"`, then the error's recovery suggestion (or ``fallbackHint``) on a new line.
    static func text(_ action: String, _ error: any Error) -> String {
        let localized = error as? any LocalizedError
        let reason = localized?.errorDescription != nil ? error.localizedDescription : String(describing: error)
        let hint = localized?.recoverySuggestion ?? fallbackHint
        return "\(action): \(reason)\n\(hint)"
    }
}
