import Foundation

extension CocoaError: CategorizedError {
    /// Foundation's file errors: a file that could not be read or written.
    var exitStatus: ExitStatus { .localFileFailure }
}

extension CancellationError: CategorizedError {
    /// Work cancelled before it finished, like ``HTTPClient/HTTPTransportError/cancelled``. A signal's own exit
    /// status (130, 143) replaces it when a signal did the cancelling.
    var exitStatus: ExitStatus { .networkFailure }
}
