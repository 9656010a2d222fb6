import Foundation

/// A loopback port that is bound but never listens: connecting to it is refused, and no other process
/// (a dev server started by a concurrent test, say) can take it while this value is alive.
public final class ReservedPort {
    /// The socket call that failed, with `errno`.
    public struct Error: Swift.Error, CustomStringConvertible {
        public let description: String
    }

    /// The reserved port number.
    public let port: Int
    private let descriptor: Int32

    /// Binds a socket to a free loopback port without listening on it.
    public init() throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Error(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw Error(description: "bind: errno \(errno)")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}
