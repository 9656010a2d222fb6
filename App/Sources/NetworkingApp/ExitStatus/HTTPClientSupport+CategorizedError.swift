import HTTPClientSupport

extension RedirectError: CategorizedError {
    /// The cause inside `HTTPTransportError.tooManyRedirects`: a network failure, as the error it explains.
    var exitStatus: ExitStatus { .networkFailure }
}

extension InvalidHeaderFieldError: CategorizedError {
    /// The cause inside `HTTPTransportError.other`: a network failure, as the error it explains.
    var exitStatus: ExitStatus { .networkFailure }
}
