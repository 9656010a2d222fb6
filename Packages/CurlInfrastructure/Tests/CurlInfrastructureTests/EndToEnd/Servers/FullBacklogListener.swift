import Foundation
import HTTPClientTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port whose listening socket never accepts and whose queue is full, so a new connection's `SYN`
/// is dropped and the connect hangs: with a backlog of 0, Linux queues one connection and drops every `SYN`
/// after it.
final class FullBacklogListener: Sendable {
    private let listener: LoopbackListener
    private let fillers: [Int32]

    init() throws {
        listener = try LoopbackListener(backlog: 0)
        var fillers: [Int32] = []
        do {
            for _ in 0..<2 { fillers.append(try LoopbackSocket.connecting(to: listener.port)) }
        } catch {
            for filler in fillers { close(filler) }
            throw error
        }
        self.fillers = fillers
    }

    deinit {
        for filler in fillers { close(filler) }
    }

    /// `http://127.0.0.1:PORT/`.
    func url() throws -> URL {
        try listener.baseURL
    }
}
