import HTTPClient

/// Why a transfer ended without its whole response: the transport's error, or the error reading the request
/// body that was being sent.
enum TransferFailure: Error, Sendable {
    case transport(HTTPTransportError)
    /// The request body's own error (`HTTPBodyError`, a file error, or its sequence's error), kept as it is.
    case body(any Error)

    /// The error the caller gets.
    var error: any Error {
        switch self {
        case .transport(let error): error
        case .body(let error): error
        }
    }

    /// The error as an `HTTPTransportError`, for a load (whose body is in memory and never fails).
    var transportError: HTTPTransportError {
        switch self {
        case .transport(let error): error
        case .body(let error): .other(underlying: error)
        }
    }
}

/// How a transfer ended once it stopped: with the whole response delivered, or with a failure.
typealias TransferResult = Result<Void, TransferFailure>
