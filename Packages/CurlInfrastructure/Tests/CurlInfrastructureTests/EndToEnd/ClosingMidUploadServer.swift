import Foundation
import HTTPClientSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A raw-socket server on 127.0.0.1 that accepts connections, reads the start of each request and closes it
/// unanswered, with a reset after its FIN: a client still sending a large body writes to a connection the peer closed, which
/// raises `SIGPIPE` unless the write asks not to.
final class ClosingMidUploadServer: Sendable {
    /// The socket call that failed, with `errno`.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The listening port.
    let port: Int
    private let listener: Int32
    private let finished = LockedValue(false)

    /// Listens on a free loopback port and serves connections one at a time on a thread of its own.
    init() throws {
        #if canImport(Glibc)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard listening else {
            let failure = Failure(description: "bind/listen: errno \(errno)")
            close(listener)
            throw failure
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { Self.serve(listener) }
        thread.start()
    }

    deinit {
        stop()
    }

    /// The base URL of the server.
    var baseURL: URL {
        get throws {
            guard let url = URL(string: "http://127.0.0.1:\(port)/") else {
                throw Failure(description: "no URL for port \(port)")
            }
            return url
        }
    }

    /// Stops accepting; the serving thread closes the listening socket.
    func stop() {
        let first = finished.withLock { finished in
            defer { finished = true }
            return !finished
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private static func serve(_ listener: Int32) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            _ = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            // A FIN, then (with request bytes left unread) a reset: the client's next write fails with EPIPE.
            shutdown(connection, Int32(SHUT_WR))
            close(connection)
        }
        close(listener)
    }
}
