import CurlInfrastructure

extension CurlClient.ConfigurationError: CategorizedError {
    /// A base URL or timeout the client cannot use came from the command line or the environment.
    var exitStatus: ExitStatus { .usage }
}

extension CurlError: CategorizedError {
    /// libcurl could not complete a transfer: the network failed, like the `HTTPTransportError` it is kept in.
    var exitStatus: ExitStatus { .networkFailure }
}
