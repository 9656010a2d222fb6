import Foundation
import HTTPClientTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback listening socket whose accept queue is full and never drained: the kernel drops every new SYN,
/// so a client connecting to ``port`` stays in the connecting stage until it gives up or is cancelled.
final class StalledListener: Sendable {
    private let listener: LoopbackListener
    private let filler: Int32

    /// Listens with a backlog of 0 and fills the queue with one connection of its own.
    init() throws {
        let listener = try LoopbackListener(backlog: 0)
        let filler = try LoopbackListener.connectedSocket(toPort: listener.port)
        self.listener = listener
        self.filler = filler
        try waitUntilQueueIsFull()
    }

    deinit {
        close(filler)
    }

    /// The listening port.
    var port: Int { listener.port }

    /// Returns once the kernel has queued the filler connection: until then, a SYN could still be answered.
    /// Linux reports a listener's accept queue length in `tcp_info.tcpi_unacked`; elsewhere this returns at once.
    private func waitUntilQueueIsFull() throws {
        #if os(Linux)
            for _ in 0..<1_000 {
                var info = tcp_info()
                var length = socklen_t(MemoryLayout<tcp_info>.size)
                guard getsockopt(listener.descriptor, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else {
                    throw LoopbackListener.Failure(description: "getsockopt(TCP_INFO): errno \(errno)")
                }
                if info.tcpi_unacked >= 1 { return }
                usleep(1_000)
            }
            throw LoopbackListener.Failure(description: "the filler connection never reached the accept queue")
        #endif
    }
}
