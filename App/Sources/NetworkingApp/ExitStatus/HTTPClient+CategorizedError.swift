import HTTPClient

extension HTTPTransportError: CategorizedError {
    /// A body that arrived but cannot be used (too large, undecodable) is 3; every other case is 1.
    var exitStatus: ExitStatus {
        switch self {
        case .responseTooLarge, .undecodableContent: .invalidResponse
        case .timedOut, .cannotConnect, .connectionLost, .cancelled, .invalidURL, .invalidResponse,
            .tooManyRedirects, .secureConnectionFailed, .other:
            .networkFailure
        }
    }
}

extension HTTPError: CategorizedError {
    var exitStatus: ExitStatus { .serverError }
}
