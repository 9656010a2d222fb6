import CurlInfrastructure
import NetworkingComposition

extension CurlError: CategorizedError {
    /// libcurl could not complete a transfer: the network failed, like the `HTTPTransportError` it is kept in.
    var exitStatus: ExitStatus { .networkFailure }
}

extension CurlClient.BodyRewindError: CategorizedError {
    /// A request body could not be sent again on a new connection: the connection was lost, a network failure.
    var exitStatus: ExitStatus { .networkFailure }
}

extension CurlConnectionPool.SettingsError: CategorizedError {
    /// A connect timeout, keepalive time or connection limit the pool cannot use came from the caller's settings.
    var exitStatus: ExitStatus { .usage }
}
