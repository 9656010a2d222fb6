import DevServerSupport
import URLSessionInfrastructure

extension DevServerAdmin {
    /// The admin of `server`, over a `URLSessionClient` of its own.
    public init(_ server: DevServer) throws {
        self.init(client: try URLSessionClient.ephemeral(baseURL: server.baseURL.absoluteString))
    }
}
