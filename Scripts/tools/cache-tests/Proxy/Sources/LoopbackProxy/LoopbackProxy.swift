import Dispatch
import Foundation
import HTTPClient

/// A minimal HTTP/1.1 server on 127.0.0.1 that answers every request through an `HTTPClient`.
///
/// Each request becomes an `HTTPRequest` relative to the client's base URL (method, decoded path and query items,
/// header fields with repeated names joined, body), and the client's answer goes back with its status, its header
/// fields less the hop-by-hop ones and `Content-Encoding` (the client hands back decoded bodies), and the proxy's own
/// `Content-Length`. A client that throws gets `502 Bad Gateway` (`504 Gateway Timeout` for a timeout) with a
/// one-line text body. Requests the proxy cannot pass on get their own status and the connection closes: a malformed
/// request `400`, a chunked body `411`, a body or head past ``Limits`` `413` or `431`, an HTTP version other than 1.0
/// and 1.1 `505`. Any method that is a token passes on, spelled as it arrived.
///
/// Connections are kept alive (bodies framed by `Content-Length` only); each is served on a thread of its own,
/// which waits while the client loads.
///
/// ```swift
/// let proxy = try LoopbackProxy(client: CachingHTTPClient(client: origin, store: MemoryHTTPCacheStore()))
/// print("listening on \(proxy.url)")
/// ```
public final class LoopbackProxy: Sendable {
    /// How large a request may be.
    public struct Limits: Sendable, Equatable {
        /// The most bytes of request line and header fields; larger heads get `431`. 64 KiB by default.
        public var maximumHeadBytes: Int
        /// The most body bytes; larger bodies get `413`. 16 MiB by default.
        public var maximumBodyBytes: Int

        /// Creates limits.
        public init(maximumHeadBytes: Int = 65_536, maximumBodyBytes: Int = 16 * 1_024 * 1_024) {
            self.maximumHeadBytes = maximumHeadBytes
            self.maximumBodyBytes = maximumBodyBytes
        }
    }

    /// The port the proxy listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var url: String { "http://127.0.0.1:\(port)" }
    private let listener: ListeningSocket
    private let connections: ConnectionRegistry
    /// Signalled once the accepting thread closed the listening socket and ended.
    private let acceptorDone: DispatchSemaphore

    /// Starts listening on 127.0.0.1:`port` (0 for a free port) and serving requests through `client`.
    /// - Throws: ``SocketError`` when the port cannot be bound.
    public init(client: any HTTPClient, port: Int = 0, limits: Limits = Limits()) throws(SocketError) {
        let listener = try ListeningSocket(port: port)
        let connections = ConnectionRegistry()
        self.listener = listener
        self.connections = connections
        self.port = listener.port
        let acceptorDone = DispatchSemaphore(value: 0)
        self.acceptorDone = acceptorDone
        let acceptor = Thread {
            defer {
                listener.close()
                acceptorDone.signal()
            }
            while let descriptor = listener.accept() {
                guard connections.open(descriptor) else { break }
                Socket.configureAccepted(descriptor)
                let connection = Thread {
                    var connection = ProxyConnection(descriptor: descriptor, client: client, limits: limits)
                    connection.serve()
                    connections.close(descriptor)
                }
                connection.name = "LoopbackProxy connection"
                connection.start()
            }
        }
        acceptor.name = "LoopbackProxy accept"
        acceptor.start()
    }

    deinit {
        stop()
    }

    /// Stops listening (the port refuses connections once it returns) and shuts down the open connections; a load
    /// in flight finishes but its answer is not delivered. Calling it again does nothing.
    public func stop() {
        guard connections.stop() else { return }
        listener.interrupt()
        acceptorDone.wait()
    }
}
