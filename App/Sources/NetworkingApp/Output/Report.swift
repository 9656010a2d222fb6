import Foundation

/// Writes a failure as one line on standard error and returns its exit status.
enum Report {
    static func failure(_ action: String, _ error: any Error, console: Console) -> ExitStatus {
        let cause = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        console.writeError("networking: \(FailureClassifier.oneLine("\(action): \(cause)"))\n")
        return FailureClassifier.status(for: error)
    }
}
