import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port whose listening socket never accepts and whose queue is full, so a new connection's `SYN`
/// is dropped and the connect hangs: with a backlog of 0, Linux queues one connection and drops every `SYN`
/// after it.
final class FullBacklogListener: Sendable {
    /// The listening port.
    let port: Int
    private let listener: Int32
    private let fillers: [Int32]

    init() throws {
        (listener, port) = try LoopbackSocket.listening(backlog: 0)
        var fillers: [Int32] = []
        do {
            for _ in 0..<2 { fillers.append(try LoopbackSocket.connecting(to: port)) }
        } catch {
            for filler in fillers { close(filler) }
            close(listener)
            throw error
        }
        self.fillers = fillers
    }

    deinit {
        for filler in fillers { close(filler) }
        close(listener)
    }

    /// `http://127.0.0.1:PORT/`.
    func url() throws -> URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)/") else {
            throw LoopbackSocket.Failure(description: "no URL for port \(port)")
        }
        return url
    }
}
