import CommandLineKit
import Foundation

/// Writes a failure on standard error as one line and returns its exit status.
///
/// The line is `networking: <action>: <what happened>.` followed by at most one piece of advice that fits the
/// cause (see ``FailureAdvice``): network advice only for transport failures, never for a replay miss, a wrong
/// content type, a file or a decoding error. No error is ever printed as an `NSError` dump. An error that states
/// no exit status (see ``CategorizedError``) is a bug: its line names its type instead of giving advice.
enum Report {
    static func failure(_ action: String, _ error: any Error, console: Console) -> ExitStatus {
        console.writeError(line(action, error))
        return FailureClassifier.status(for: error)
    }

    /// A failure that needs no action in front of it: its description says it all.
    static func failure(_ error: any Error, console: Console) -> ExitStatus {
        console.writeError(line(nil, error))
        return FailureClassifier.status(for: error)
    }

    /// `networking: <action>: <cause>. <advice>` and a line break.
    static func line(_ action: String?, _ error: any Error) -> String {
        let cause = FailureText.sentence(for: error)
        var text = action.map { "\($0): \(cause)" } ?? cause
        if !text.hasSuffix(".") { text += "." }
        if let note = FailureClassifier.bugNote(for: error) {
            text += " " + note
        } else if let advice = FailureAdvice.advice(for: error) {
            text += " " + advice
        }
        return "networking: \(FailureClassifier.oneLine(text))\n"
    }
}
