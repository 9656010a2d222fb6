import HTTPClient

extension HTTPTransportError {
    /// The first step of every transport's error mapping: `error` itself when it already is an
    /// `HTTPTransportError`, `cancelled` for a `CancellationError`, and `nil` for anything else (which only the
    /// transport knows how to read).
    public init?(passingThrough error: any Error) {
        if let transportError = error as? HTTPTransportError {
            self = transportError
        } else if error is CancellationError {
            self = .cancelled
        } else {
            return nil
        }
    }
}
