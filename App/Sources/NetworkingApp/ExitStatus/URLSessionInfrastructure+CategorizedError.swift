import URLSessionInfrastructure

extension URLSessionClient.ConfigurationError: CategorizedError {
    /// A base URL or timeout the client cannot use came from the command line or the environment.
    var exitStatus: ExitStatus { .usage }
}

extension URLSessionClient.TransferError: CategorizedError {
    /// The cause inside an `HTTPTransportError`: a network failure, as the error it explains.
    var exitStatus: ExitStatus { .networkFailure }
}
