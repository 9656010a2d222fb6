import URLSessionInfrastructure

extension URLSessionClient.TransferError: CategorizedError {
    /// The cause inside an `HTTPTransportError`: a network failure, as the error it explains.
    var exitStatus: ExitStatus { .networkFailure }
}
