import HTTPClientSupport

extension RedirectError: CategorizedError {
    /// The cause inside `HTTPTransportError.tooManyRedirects`: a network failure, as the error it explains.
    var exitStatus: ExitStatus { .networkFailure }
}

extension TransportConfigurationError: CategorizedError {
    /// A base URL or timeout the client cannot use came from the command line or the environment.
    var exitStatus: ExitStatus { .usage }
}

extension TLSOptionsError: CategorizedError {
    /// A pin or a CA file the command line or the environment named cannot be used.
    var exitStatus: ExitStatus { .usage }
}

extension InvalidHeaderFieldError: CategorizedError {
    /// The cause inside `HTTPTransportError.other`: a network failure, as the error it explains.
    var exitStatus: ExitStatus { .networkFailure }
}
