import HTTPClient

/// The answer the proxy gives when its client threw instead of returning a response.
struct GatewayFailure: Equatable {
    /// `504` for a timeout, `502` for every other failure.
    let statusCode: Int
    /// One line naming the failure.
    let message: String

    /// The answer for `error`, as thrown by the proxy's client.
    init(_ error: any Error) {
        if case .timedOut = error as? HTTPTransportError {
            statusCode = 504
        } else {
            statusCode = 502
        }
        let description = String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        message = "the origin could not be loaded: \(description)"
    }
}
