import HTTPClient

extension Optional where Wrapped == HTTPTransportError {
    /// The case of the error without its payload, or nil when there is none: cases compare by kind, never by text.
    var kind: HTTPTransportError.Kind? { self?.kind }
}
