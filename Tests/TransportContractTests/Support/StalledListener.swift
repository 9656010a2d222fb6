import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback listening socket whose accept queue is full and never drained: the kernel drops every new SYN,
/// so a client connecting to ``port`` stays in the connecting stage until it gives up or is cancelled.
final class StalledListener: Sendable {
    /// The socket call that failed, with `errno`.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The listening port.
    let port: Int
    private let listener: Int32
    private let filler: Int32

    /// Listens with a backlog of 0 and fills the queue with one connection of its own.
    init() throws {
        let listener = try Self.makeSocket()
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 0) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard listening else {
            let failure = Failure(description: "bind/listen: errno \(errno)")
            close(listener)
            throw failure
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let filler: Int32
        do {
            filler = try Self.makeSocket()
        } catch {
            close(listener)
            throw error
        }
        var target = Self.loopback(port: port)
        let connected = withUnsafeMutablePointer(to: &target) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                connect(filler, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            let failure = Failure(description: "connect: errno \(errno)")
            close(filler)
            close(listener)
            throw failure
        }
        self.port = port
        self.listener = listener
        self.filler = filler
        try waitUntilQueueIsFull()
    }

    deinit {
        close(filler)
        close(listener)
    }

    /// Returns once the kernel has queued the filler connection: until then, a SYN could still be answered.
    /// Linux reports a listener's accept queue length in `tcp_info.tcpi_unacked`; elsewhere this returns at once.
    private func waitUntilQueueIsFull() throws {
        #if os(Linux)
            for _ in 0..<1_000 {
                var info = tcp_info()
                var length = socklen_t(MemoryLayout<tcp_info>.size)
                guard getsockopt(listener, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else {
                    throw Failure(description: "getsockopt(TCP_INFO): errno \(errno)")
                }
                if info.tcpi_unacked >= 1 { return }
                usleep(1_000)
            }
            throw Failure(description: "the filler connection never reached the accept queue")
        #endif
    }

    private static func makeSocket() throws -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        return descriptor
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
