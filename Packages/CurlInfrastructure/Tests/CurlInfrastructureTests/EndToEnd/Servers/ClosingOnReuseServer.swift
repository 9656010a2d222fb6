import Foundation
import HTTPClientSupport
import HTTPClientTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A raw-socket HTTP/1.1 server on 127.0.0.1 whose first connection dies when it is reused: it answers the
/// first request on it (keep-alive), then reads the second request whole (head and body) and closes without
/// answering. Every later connection answers its one request with `200` and closes.
///
/// libcurl sees a reused connection that closed before any answer, so it sends the request again on a new
/// connection, rewinding the body through the seek callback.
final class ClosingOnReuseServer: Sendable {
    private let listener: LoopbackListener
    private let bodies = LockedValue<[Data]>([])

    /// Listens on a free loopback port and serves connections one at a time on a thread of its own.
    init() throws {
        let listener = try LoopbackListener()
        self.listener = listener
        let bodies = bodies
        let thread = Thread { Self.serve(listener, bodies: bodies) }
        thread.start()
    }

    deinit {
        stop()
    }

    /// The listening port.
    var port: Int { listener.port }

    /// The base URL of the server.
    var baseURL: URL {
        get throws { try listener.baseURL }
    }

    /// The request bodies read so far, in order, including the one of the request the server closed on.
    var receivedBodies: [Data] { bodies.withLock { $0 } }

    /// Stops accepting; the serving thread ends.
    func stop() {
        listener.stop()
    }

    private static func serve(_ listener: LoopbackListener, bodies: LockedValue<[Data]>) {
        var connections = 0
        while let connection = listener.nextConnection() {
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var reader = RequestReader(socket: connection)
            if connections == 0 {
                if let body = reader.next() {
                    bodies.withLock { $0.append(body) }
                    LoopbackListener.sendAll("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nwarm".utf8, on: connection)
                    if let body = reader.next() { bodies.withLock { $0.append(body) } }
                }
            } else if let body = reader.next() {
                bodies.withLock { $0.append(body) }
                let text = "\(body.count)"
                LoopbackListener.sendAll(
                    "HTTP/1.1 200 OK\r\nContent-Length: \(text.utf8.count)\r\nConnection: close\r\n\r\n\(text)".utf8,
                    on: connection)
            }
            close(connection)
            connections += 1
        }
    }
}

/// Reads HTTP/1.1 requests off one connection: a head, then a body by `Content-Length` or chunked.
private struct RequestReader {
    let socket: Int32
    private var buffer = Data()

    init(socket: Int32) {
        self.socket = socket
    }

    /// The next request's body; `nil` when the connection ends first.
    mutating func next() -> Data? {
        guard let headEnd = fill(until: { $0.range(of: Data("\r\n\r\n".utf8)) }) else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<headEnd.lowerBound], as: UTF8.self).lowercased()
        buffer.removeSubrange(buffer.startIndex..<headEnd.upperBound)
        if head.contains("transfer-encoding: chunked") { return chunkedBody() }
        let length =
            head.split(separator: "\r\n")
            .first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        guard fill(until: { $0.count >= length ? $0.startIndex + length : nil }) != nil else { return nil }
        defer { buffer.removeSubrange(buffer.startIndex..<buffer.startIndex + length) }
        return Data(buffer.prefix(length))
    }

    private mutating func chunkedBody() -> Data? {
        var body = Data()
        while true {
            guard let lineEnd = fill(until: { $0.range(of: Data("\r\n".utf8)) }) else { return nil }
            let line = String(decoding: buffer[buffer.startIndex..<lineEnd.lowerBound], as: UTF8.self)
            buffer.removeSubrange(buffer.startIndex..<lineEnd.upperBound)
            guard let size = Int(line.split(separator: ";").first ?? "", radix: 16) else { return nil }
            guard fill(until: { $0.count >= size + 2 ? $0.startIndex : nil }) != nil else { return nil }
            body.append(buffer.prefix(size))
            buffer.removeSubrange(buffer.startIndex..<buffer.startIndex + size + 2)
            if size == 0 { return body }
        }
    }

    /// Reads until `found` finds something in the buffer, and returns it; `nil` when the connection ends first.
    private mutating func fill<Found>(until found: (Data) -> Found?) -> Found? {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let result = found(buffer) { return result }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}
