import Foundation
import HTTPClientSupport
import HTTPClientTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A raw-socket HTTP/1.1 server on 127.0.0.1 that counts the connections it accepts and answers every `GET`
/// with `200` and a 2-byte body, keeping the connection open.
///
/// The first request is answered at once: it tells the client that the server speaks HTTP/1.1, so libcurl
/// stops waiting to multiplex. The next `held` requests wait until all of them have arrived, so a client
/// that sends that many together has them all open at the same time; later requests are answered at once.
final class CountingServer: Sendable {
    private struct State {
        var accepted = 0
        var requests = 0
    }

    private let listener: LoopbackListener
    private let held: Int
    private let state = LockedValue(State())
    private let release = DispatchSemaphore(value: 0)

    /// Listens on a free loopback port and serves each connection on a thread of its own.
    init(held: Int = 0) throws {
        listener = try LoopbackListener(backlog: 64)
        self.held = held
        let thread = Thread { [self] in acceptConnections() }
        thread.start()
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:PORT/` followed by `path`.
    func url(_ path: String = "") throws -> URL {
        try listener.baseURL.appending(path: path)
    }

    /// The connections accepted so far.
    var acceptedConnections: Int { state.withLock { $0.accepted } }

    /// Stops accepting.
    func stop() {
        listener.stop()
    }

    private func acceptConnections() {
        while let connection = listener.nextConnection() {
            state.withLock { $0.accepted += 1 }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            while let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
                buffer.removeSubrange(buffer.startIndex..<end.upperBound)
                awaitTurn()
                LoopbackSocket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", to: connection)
            }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            buffer.append(contentsOf: chunk[0..<count])
        }
        close(connection)
    }

    /// Returns at once for the first request; a held one returns once every held request arrived (the one
    /// that completes the count releases the others, or 30 s pass so a failing test still ends).
    private func awaitTurn() {
        let arrived = state.withLock { state in
            state.requests += 1
            return state.requests
        }
        guard arrived > 1, arrived <= held + 1 else { return }
        if arrived < held + 1 {
            _ = release.wait(timeout: .now() + 30)
        } else {
            for _ in 1..<held { release.signal() }
        }
    }
}
