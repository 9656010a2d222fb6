import Foundation
import HTTPClientTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A raw-socket server on 127.0.0.1 that accepts connections, reads the start of each request and closes it
/// unanswered, with a reset after its FIN: a client still sending a large body writes to a connection the peer closed, which
/// raises `SIGPIPE` unless the write asks not to.
final class ClosingMidUploadServer: Sendable {
    private let listener: LoopbackListener

    /// Listens on a free loopback port and serves connections one at a time on a thread of its own.
    init() throws {
        let listener = try LoopbackListener()
        self.listener = listener
        let thread = Thread { Self.serve(listener) }
        thread.start()
    }

    deinit {
        stop()
    }

    /// The listening port.
    var port: Int { listener.port }

    /// The base URL of the server.
    var baseURL: URL {
        get throws { try listener.baseURL }
    }

    /// Stops accepting; the serving thread ends.
    func stop() {
        listener.stop()
    }

    private static func serve(_ listener: LoopbackListener) {
        while let connection = listener.nextConnection() {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            _ = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            // A FIN, then (with request bytes left unread) a reset: the client's next write fails with EPIPE.
            shutdown(connection, Int32(SHUT_WR))
            close(connection)
        }
    }
}
