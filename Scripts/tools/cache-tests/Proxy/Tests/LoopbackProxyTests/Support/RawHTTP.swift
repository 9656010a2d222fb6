import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One response as it came off the socket.
struct RawResponse: Sendable {
    let status: Int
    let reason: String
    let fields: [[String]]
    let body: Data

    /// The value of the first field named `name`, in any letter case.
    func header(_ name: String) -> String? {
        fields.first { $0.first?.lowercased() == name.lowercased() }?.last
    }
}

/// A plain TCP client for the proxy's tests: writes bytes as they are and reads responses byte by byte, on a
/// thread of its own (so no task of the test blocks the concurrency pool the proxy's loads need).
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects to 127.0.0.1:`port`, writes `request`, reads `count` responses and whatever follows until the
    /// proxy closes (or `count` responses when it keeps the connection open), then closes.
    /// - Parameter bodyless: Whether the responses have no body whatever their fields say (answers to `HEAD`).
    static func exchange(port: Int, _ request: String, responses count: Int = 1, bodyless: Bool = false)
        async throws -> (responses: [RawResponse], trailing: Data)
    {
        try await onThread {
            let descriptor = try connect(port: port)
            defer { close(descriptor) }
            guard writeAll(descriptor, Array(request.utf8)) else { throw Failure(description: "write failed") }
            var reader = Reader(descriptor: descriptor)
            var responses: [RawResponse] = []
            for _ in 0..<count {
                responses.append(try reader.response(bodyless: bodyless))
            }
            let closes = responses.last?.header("Connection")?.lowercased() == "close"
            return (responses, closes ? reader.readToEnd() : Data())
        }
    }

    /// Runs `work` on a new thread and returns its result.
    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    private static func connect(port: Int) throws -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        // A safeguard against a proxy that never answers, not a timed assertion.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                #if canImport(Glibc)
                    Glibc.connect(descriptor, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                #else
                    Darwin.connect(descriptor, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                #endif
            }
        }
        guard connected else {
            close(descriptor)
            throw Failure(description: "connect to port \(port): errno \(errno)")
        }
        return descriptor
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, 0)
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Buffered reads from one socket.
    private struct Reader {
        let descriptor: Int32
        var buffer: [UInt8] = []

        /// The next response: head, then a body by `Content-Length`, or up to the end of the stream without it.
        mutating func response(bodyless: Bool) throws -> RawResponse {
            let separator = Array("\r\n\r\n".utf8)
            var end: Int?
            while end == nil {
                end = buffer.indices.dropLast(3).first { Array(buffer[$0..<$0 + 4]) == separator }
                if end == nil, !fill() { throw Failure(description: "the connection ended inside a head") }
            }
            guard let end else { throw Failure(description: "no head") }
            let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
            buffer.removeFirst(end + 4)
            let statusLine = lines[0].split(separator: " ", maxSplits: 2).map(String.init)
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                throw Failure(description: "status line \(lines[0])")
            }
            let fields = lines.dropFirst().map { line in
                let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
                return [parts[0], parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""]
            }
            let response = RawResponse(
                status: status, reason: statusLine.count > 2 ? statusLine[2] : "", fields: fields, body: Data())
            if bodyless || status == 204 || status == 304 || (100..<200).contains(status) { return response }
            guard let length = response.header("Content-Length").flatMap({ Int($0) }) else {
                return RawResponse(status: status, reason: response.reason, fields: fields, body: readToEnd())
            }
            while buffer.count < length {
                guard fill() else { throw Failure(description: "the connection ended inside a body") }
            }
            let body = Data(buffer[..<length])
            buffer.removeFirst(length)
            return RawResponse(status: status, reason: response.reason, fields: fields, body: body)
        }

        /// Everything up to the end of the stream.
        mutating func readToEnd() -> Data {
            while fill() {}
            defer { buffer = [] }
            return Data(buffer)
        }

        private mutating func fill() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }
}
