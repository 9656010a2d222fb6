import HTTPClient

extension Task where Success == Never, Failure == Never {
    /// Throws `HTTPTransportError.cancelled` when the current Task is cancelled.
    static func checkCancellationAsTransportError() throws(HTTPTransportError) {
        if isCancelled { throw .cancelled }
    }
}
