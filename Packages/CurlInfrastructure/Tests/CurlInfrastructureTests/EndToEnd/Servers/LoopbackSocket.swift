import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Raw TCP client sockets on 127.0.0.1 for the tests' small servers (`LoopbackListener` listens).
enum LoopbackSocket {
    /// The socket call that failed, with `errno`.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A non-blocking socket whose connection to `port` is under way (or made).
    static func connecting(to port: Int) throws -> Int32 {
        let client = try stream()
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 || errno == EINPROGRESS else {
            let failure = Failure(description: "connect: errno \(errno)")
            close(client)
            throw failure
        }
        return client
    }

    /// Sends all of `text`; stops early when the peer is gone.
    static func write(_ text: String, to connection: Int32) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
    }

    private static func stream() throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
