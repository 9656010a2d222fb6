import DevServerSupport
import URLSessionInfrastructure

extension DevServer {
    /// A real transport to this server with its own ephemeral session.
    func transport() throws -> URLSessionClient {
        try URLSessionClient.ephemeral(baseURL: baseURL.absoluteString)
    }
}
