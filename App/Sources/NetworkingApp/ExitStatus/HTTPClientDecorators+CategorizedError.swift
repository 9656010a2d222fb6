import HTTPClientDecorators

extension TokenRefreshError: CategorizedError {
    /// A failed refresh is its cause's failure; too many refreshes means the server keeps rejecting the token.
    var exitStatus: ExitStatus {
        switch self {
        case .refreshFailed(let underlying): FailureClassifier.status(for: underlying)
        case .refreshLimitExceeded: .serverError
        }
    }
}

extension AuthenticatedHTTPClient.Error: CategorizedError {
    /// A token that could not be obtained is its cause's failure.
    var exitStatus: ExitStatus {
        switch self {
        case .missingAccessToken(let underlying): FailureClassifier.status(for: underlying)
        case .invalidAccessToken: .serverError
        }
    }
}

extension ContentTypeValidationError: CategorizedError {
    var exitStatus: ExitStatus { .invalidResponse }
}

extension TimeoutError: CategorizedError {
    /// The cause inside `HTTPTransportError.timedOut`: a network failure, as the error it explains.
    var exitStatus: ExitStatus { .networkFailure }
}
