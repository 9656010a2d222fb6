#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Blocking reads and writes on one connected socket descriptor, and closing it.
enum Socket {
    /// `SOCK_STREAM` as `socket(2)` takes it on this platform.
    #if canImport(Glibc)
        static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        static let streamType = SOCK_STREAM
    #endif

    /// Sets what an accepted connection needs: no delay for small writes, and (on Apple platforms) no
    /// `SIGPIPE` when the peer has gone.
    static func configureAccepted(_ descriptor: Int32) {
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Reads what is available, up to `maximum` bytes, waiting for at least one; empty at the end of the stream
    /// (or when the connection failed or was shut down).
    static func read(_ descriptor: Int32, maximum: Int = 65_536) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
            if count > 0 { return Array(buffer[..<count]) }
            if count < 0, errno == EINTR { continue }
            return []
        }
    }

    /// Writes every byte of `bytes`; `false` when the connection failed first (no `SIGPIPE` either way).
    @discardableResult
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset, noSignal)
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Ends the writing direction: the peer reads the end of the stream, and reading goes on.
    static func finishWriting(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
        #else
            _ = Darwin.shutdown(descriptor, SHUT_WR)
        #endif
    }

    /// Wakes any thread blocked reading `descriptor` (it reads the end of the stream) and ends both directions.
    static func shutDown(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        #else
            _ = Darwin.shutdown(descriptor, SHUT_RDWR)
        #endif
    }

    /// Closes `descriptor`.
    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif
}
