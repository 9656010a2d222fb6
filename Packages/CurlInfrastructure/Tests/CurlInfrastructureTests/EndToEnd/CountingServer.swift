import Foundation
import HTTPClientSupport

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
        var stopped = false
    }

    /// The listening port.
    let port: Int
    private let listener: Int32
    private let held: Int
    private let state = LockedValue(State())
    private let release = DispatchSemaphore(value: 0)

    /// Listens on a free loopback port and serves each connection on a thread of its own.
    init(held: Int = 0) throws {
        (listener, port) = try LoopbackSocket.listening(backlog: 64)
        self.held = held
        let thread = Thread { [self] in acceptConnections() }
        thread.start()
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:PORT/` followed by `path`.
    func url(_ path: String = "") throws -> URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)/\(path)") else {
            throw LoopbackSocket.Failure(description: "no URL for port \(port)")
        }
        return url
    }

    /// The connections accepted so far.
    var acceptedConnections: Int { state.withLock { $0.accepted } }

    /// Stops accepting.
    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private func acceptConnections() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { break }
            state.withLock { $0.accepted += 1 }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
        close(listener)
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
