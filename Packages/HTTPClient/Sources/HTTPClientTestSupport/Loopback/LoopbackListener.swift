import Foundation
import HTTPClientSupport

/// A listening TCP socket on a free port of 127.0.0.1, the set-up every raw-socket test server shares.
///
/// ``nextConnection()`` blocks until a client connects; ``stop()`` wakes it with `nil`, so a serving
/// thread ends. The socket closes when the listener is released.
public final class LoopbackListener: Sendable {
    /// A socket call that failed, with `errno`.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed.
        public let description: String

        /// A failure described by `description`.
        public init(description: String) {
            self.description = description
        }

        /// A failure of the socket call `call`, with the current `errno`.
        init(call: String) {
            description = "\(call): errno \(errno)"
        }
    }

    /// The listening port.
    public let port: Int
    /// The listening socket's descriptor.
    public let descriptor: Int32
    private let stopped = LockedValue(false)

    /// Binds a free loopback port and listens on it.
    /// - Parameters:
    ///   - backlog: The length of the accept queue.
    ///   - receiveBufferSize: `SO_RCVBUF` for accepted connections, or `nil` for the system's default.
    public init(backlog: Int32 = 8, receiveBufferSize: Int32? = nil) throws {
        let descriptor = try Self.makeSocket()
        if var size = receiveBufferSize {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, backlog) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard listening else {
            let failure = Failure(call: "bind/listen")
            close(descriptor)
            throw failure
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }

    /// `http://127.0.0.1:PORT/`.
    public var baseURL: URL {
        get throws {
            guard let url = URL(string: "http://127.0.0.1:\(port)/") else {
                throw Failure(description: "no URL for port \(port)")
            }
            return url
        }
    }

    /// Waits for the next connection and returns its descriptor, which the caller closes; `nil` once the
    /// listener is shut down.
    public func nextConnection() -> Int32? {
        let connection = accept(descriptor, nil, nil)
        return connection >= 0 ? connection : nil
    }

    /// Stops accepting: a waiting and every later ``nextConnection()`` returns `nil`. Calling it again does
    /// nothing.
    public func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        if first { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    /// A new socket connected to `port` on 127.0.0.1; the caller closes it.
    public static func connectedSocket(toPort port: Int) throws -> Int32 {
        let descriptor = try makeSocket()
        var address = loopback(port: port)
        let connected = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                connect(descriptor, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            let failure = Failure(call: "connect")
            close(descriptor)
            throw failure
        }
        return descriptor
    }

    /// Sends all of `bytes` on `connection`, never raising `SIGPIPE`; returns whether every byte went out.
    @discardableResult
    public static func sendAll(_ bytes: some Collection<UInt8>, on connection: Int32) -> Bool {
        let bytes = Array(bytes)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    private static func makeSocket() throws -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(call: "socket") }
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
