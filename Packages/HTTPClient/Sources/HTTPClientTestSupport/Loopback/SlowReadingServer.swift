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

    private let listener: LoopbackListener
    private let bodies = LockedValue<[Int]>([])

    /// Listens on a free loopback port.
    /// - Parameters:
    ///   - answer: What to do once a body has been read.
    ///   - bytesPerStep: The most body bytes read at once.
    ///   - step: The pause after each read.
    public init(answer: Answer, bytesPerStep: Int, step: Duration) throws {
        // A small receive buffer, so the client's bytes move at about the pace the server reads them.
        let listener = try LoopbackListener(receiveBufferSize: 16 * 1024)
        self.listener = listener
        let bodies = bodies
        let pace = Pace(bytesPerStep: bytesPerStep, microseconds: Self.microseconds(step))
        let thread = Thread { Self.serve(listener, answer: answer, pace: pace, bodies: bodies) }
        thread.start()
    }

    deinit {
        stop()
    }

    /// The listening port.
    public var port: Int { listener.port }

    /// The base URL of the server.
    public var baseURL: URL {
        get throws { try listener.baseURL }
    }

    /// The byte counts of the request bodies read whole so far, in order.
    public var receivedBodyCounts: [Int] { bodies.withLock { $0 } }

    /// Stops accepting; the serving thread ends.
    public func stop() {
        listener.stop()
    }

    private struct Pace: Sendable {
        let bytesPerStep: Int
        let microseconds: UInt32
    }

    private static func microseconds(_ duration: Duration) -> UInt32 {
        let (seconds, attoseconds) = duration.components
        return UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    }

    private static func serve(_ listener: LoopbackListener, answer: Answer, pace: Pace, bodies: LockedValue<[Int]>) {
        while let connection = listener.nextConnection() {
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            if let count = readBody(connection, pace: pace) {
                bodies.withLock { $0.append(count) }
                switch answer {
                case .promptly:
                    let text = "\(count)"
                    LoopbackListener.sendAll(
                        "HTTP/1.1 200 OK\r\nContent-Length: \(text.utf8.count)\r\nConnection: close\r\n\r\n\(text)"
                            .utf8,
                        on: connection)
                case .never:
                    var byte: UInt8 = 0
                    while recv(connection, &byte, 1, 0) > 0 {}
                }
            }
            close(connection)
        }
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
            LoopbackListener.sendAll("HTTP/1.1 100 Continue\r\n\r\n".utf8, on: connection)
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
}

extension Data {
    fileprivate func hasSuffix(_ suffix: Data) -> Bool {
        count >= suffix.count && self[(endIndex - suffix.count)...] == suffix
    }
}
