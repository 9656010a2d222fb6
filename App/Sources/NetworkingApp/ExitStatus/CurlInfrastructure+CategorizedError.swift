import CurlInfrastructure

extension CurlError: CategorizedError {
    /// libcurl could not complete a transfer: the network failed, like the `HTTPTransportError` it is kept in.
    var exitStatus: ExitStatus { .networkFailure }
}
