import Foundation
import HTTPClientSupport

/// A raw-socket HTTP/1.1 server on 127.0.0.1 that reads each request body slowly, then answers at once or
/// never: a slow network under an upload, for tests of the deadlines around it.
///
/// Connections are served one at a time on a thread of its own. The receive buffer is small, so the client's
/// bytes move at about the pace the server reads them. The body is read by its `Content-Length`,
/// `bytesPerStep` bytes at a time with a pause of `step` after each read; a `100 Continue` is sent when asked
/// for. With ``Answer/promptly`` the server then answers `200` with the body's byte count as text and closes;
/// with ``Answer/never`` it holds the connection until the client closes it.
public final class SlowReadingServer: Sendable {
    /// What the server does once it has read a request's body.
    public enum Answer: Sendable {
        /// Answer `200` at once, with the body's byte count as the response body.
        case promptly
        /// Hold the connection without answering until the client closes it.
        case never
    }

    /// The socket call that failed, with `errno`.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed.
        public let description: String
    }

    /// The listening port.
    public let port: Int
    private let listener: Int32
    private let stopped = LockedValue(false)
    private let bodies = LockedValue<[Int]>([])

    /// Listens on a free loopback port.
    /// - Parameters:
    ///   - answer: What to do once a body has been read.
    ///   - bytesPerStep: The most body bytes read at once.
    ///   - step: The pause after each read.
    public init(answer: Answer, bytesPerStep: Int, step: Duration) throws {
        let listener = try Self.openListener()
        self.listener = listener.socket
        port = listener.port
        let bodies = bodies
        let pace = Pace(bytesPerStep: bytesPerStep, microseconds: Self.microseconds(step))
        let thread = Thread { Self.serve(listener.socket, answer: answer, pace: pace, bodies: bodies) }
        thread.start()
    }

    deinit {
        stop()
    }

    /// The base URL of the server.
    public var baseURL: URL {
        get throws {
            guard let url = URL(string: "http://127.0.0.1:\(port)/") else {
                throw Failure(description: "no URL for port \(port)")
            }
            return url
        }
    }

    /// The byte counts of the request bodies read whole so far, in order.
    public var receivedBodyCounts: [Int] { bodies.withLock { $0 } }

    /// Stops accepting; the serving thread closes the listening socket.
    public func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private struct Pace: Sendable {
        let bytesPerStep: Int
        let microseconds: UInt32
    }

    private static func microseconds(_ duration: Duration) -> UInt32 {
        let (seconds, attoseconds) = duration.components
        return UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    }

    /// A listening socket with a small receive buffer on a free loopback port.
    private static func openListener() throws -> (socket: Int32, port: Int) {
        #if canImport(Glibc)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var bufferSize: Int32 = 16 * 1024
        setsockopt(listener, SOL_SOCKET, SO_RCVBUF, &bufferSize, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard listening else {
            let failure = Failure(description: "bind/listen: errno \(errno)")
            close(listener)
            throw failure
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    private static func serve(_ listener: Int32, answer: Answer, pace: Pace, bodies: LockedValue<[Int]>) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { break }
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            if let count = readBody(connection, pace: pace) {
                bodies.withLock { $0.append(count) }
                switch answer {
                case .promptly:
                    let text = "\(count)"
                    write(
                        connection,
                        "HTTP/1.1 200 OK\r\nContent-Length: \(text.utf8.count)\r\nConnection: close\r\n\r\n\(text)")
                case .never:
                    var byte: UInt8 = 0
                    while recv(connection, &byte, 1, 0) > 0 {}
                }
            }
            close(connection)
        }
        close(listener)
    }

    /// Reads one request's head, then its body at `pace`; returns the body's byte count, or `nil` when the
    /// connection ends first.
    private static func readBody(_ connection: Int32, pace: Pace) -> Int? {
        var head = Data()
        var byte: UInt8 = 0
        while !head.hasSuffix(Data("\r\n\r\n".utf8)) {
            guard recv(connection, &byte, 1, 0) == 1 else { return nil }
            head.append(byte)
        }
        let lines = String(decoding: head, as: UTF8.self).lowercased().split(separator: "\r\n")
        if lines.contains(where: { $0.hasPrefix("expect:") && $0.contains("100-continue") }) {
            write(connection, "HTTP/1.1 100 Continue\r\n\r\n")
        }
        let length =
            lines.first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        var buffer = [UInt8](repeating: 0, count: max(pace.bytesPerStep, 1))
        var read = 0
        while read < length {
            let wanted = min(buffer.count, length - read)
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, wanted, 0) }
            guard count > 0 else { return nil }
            read += count
            usleep(pace.microseconds)
        }
        return read
    }

    private static func write(_ connection: Int32, _ text: String) {
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
}

extension Data {
    fileprivate func hasSuffix(_ suffix: Data) -> Bool {
        count >= suffix.count && self[(endIndex - suffix.count)...] == suffix
    }
}
