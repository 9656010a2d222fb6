#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole reads and writes on a file descriptor with plain POSIX calls: no Foundation `FileHandle`, which traps
/// on an I/O error. Interrupted calls are repeated, short writes continued, and a non-blocking descriptor is
/// waited for.
public enum FileDescriptorIO {
    /// A system call failed with `code` (an `errno` value).
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// The `errno` value.
        public let code: Int32

        /// A failure with `code`.
        public init(code: Int32) {
            self.code = code
        }

        /// The system's words for the error, such as "No space left on device".
        public var description: String { String(cString: strerror(code)) }
        /// The reader went away: the pipe or socket is closed at the other end.
        public var isBrokenPipe: Bool { code == EPIPE }
    }

    /// Writes every byte of `bytes` to `descriptor`.
    public static func write(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                #if canImport(Glibc)
                    return Glibc.write(descriptor, base + offset, buffer.count - offset)
                #else
                    return Darwin.write(descriptor, base + offset, buffer.count - offset)
                #endif
            }
            if written >= 0 {
                offset += written
                continue
            }
            try recover(from: errno, waitingFor: Int16(POLLOUT), on: descriptor)
        }
    }

    /// Reads `descriptor` until end of file.
    public static func readToEnd(_ descriptor: Int32) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base, buffer.count)
            }
            if count == 0 { return result }
            if count > 0 {
                result.append(contentsOf: chunk[..<count])
                continue
            }
            try recover(from: errno, waitingFor: Int16(POLLIN), on: descriptor)
        }
    }

    /// Returns when the failed call is worth repeating (interrupted, or the descriptor is not ready yet, after
    /// waiting until it is); throws anything else.
    private static func recover(from code: Int32, waitingFor events: Int16, on descriptor: Int32) throws(Failure) {
        switch code {
        case EINTR:
            return
        case EAGAIN, EWOULDBLOCK:
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            guard poll(&entry, 1, -1) >= 0 || errno == EINTR else { throw Failure(code: errno) }
        default:
            throw Failure(code: code)
        }
    }
}
