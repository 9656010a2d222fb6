import Foundation
import HTTPClient

/// One client connection: reads requests one after another, answers each through the client, and returns when
/// either side closes. Runs on a thread of its own and blocks it (see ``BlockingLoad``).
struct ProxyConnection {
    let descriptor: Int32
    let client: any HTTPClient
    let limits: LoopbackProxy.Limits
    /// Bytes read but not used yet: the start of the next request.
    private var buffer: [UInt8] = []

    init(descriptor: Int32, client: any HTTPClient, limits: LoopbackProxy.Limits) {
        self.descriptor = descriptor
        self.client = client
        self.limits = limits
    }

    /// Serves requests until the client closes, asks to close, or sends something the proxy cannot frame.
    mutating func serve() {
        while true {
            let head: RequestHead
            let body: [UInt8]
            do throws(ProxyRequestError) {
                guard let bytes = try readHead() else { return }
                head = try RequestHeadParser.parse(bytes)
                let length = try head.bodyLength()
                guard length <= limits.maximumBodyBytes else {
                    throw ProxyRequestError.contentTooLarge(limit: limits.maximumBodyBytes)
                }
                guard let read = readBody(length: length) else { return }
                body = read
            } catch {
                answer(error, method: nil)
                return
            }
            let method = HTTPMethod(rawValue: head.method)
            let request: ProxiedRequest
            do throws(ProxyRequestError) {
                request = try ProxiedRequest(head: head, body: Data(body))
            } catch {
                answer(error, method: method)
                return
            }
            let closes = !head.keepsAlive
            let bytes: [UInt8]
            switch BlockingLoad.load(request, with: client) {
            case .success(let (data, response)):
                bytes = ResponseEncoder.encode(response, body: data, method: method, closesConnection: closes)
            case .failure(let error):
                let failure = GatewayFailure(error)
                bytes = ResponseEncoder.encode(
                    status: failure.statusCode, message: failure.message, method: method, closesConnection: closes)
            }
            guard Socket.write(descriptor, bytes), !closes else { return }
        }
    }

    /// Writes the proxy's own answer to a request it will not pass on, then closes gently: it ends its side and
    /// reads (up to 1 MiB) until the client closes, so that unread request bytes do not make the system reset the
    /// connection before the client has read the answer.
    private func answer(_ error: ProxyRequestError, method: HTTPMethod?) {
        let bytes = ResponseEncoder.encode(
            status: error.statusCode, message: error.message, method: method, closesConnection: true)
        guard Socket.write(descriptor, bytes) else { return }
        Socket.finishWriting(descriptor)
        var drained = 0
        while drained < 1 << 20 {
            let chunk = Socket.read(descriptor)
            if chunk.isEmpty { return }
            drained += chunk.count
        }
    }

    /// The bytes before the next blank line (empty lines before a request are skipped); `nil` when the stream ends
    /// first.
    /// - Throws: ``ProxyRequestError/headerFieldsTooLarge(limit:)`` when no blank line comes within the limit.
    private mutating func readHead() throws(ProxyRequestError) -> [UInt8]? {
        while true {
            let leading = buffer.prefix { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }.count
            buffer.removeFirst(leading)
            if let (end, next) = Self.blankLine(in: buffer) {
                guard end <= limits.maximumHeadBytes else {
                    throw .headerFieldsTooLarge(limit: limits.maximumHeadBytes)
                }
                let head = Array(buffer[..<end])
                buffer.removeFirst(next)
                return head
            }
            guard buffer.count <= limits.maximumHeadBytes else {
                throw .headerFieldsTooLarge(limit: limits.maximumHeadBytes)
            }
            let chunk = Socket.read(descriptor)
            guard !chunk.isEmpty else { return nil }
            buffer.append(contentsOf: chunk)
        }
    }

    /// The next `length` bytes; `nil` when the stream ends first.
    private mutating func readBody(length: Int) -> [UInt8]? {
        while buffer.count < length {
            let chunk = Socket.read(descriptor, maximum: max(65_536, min(length - buffer.count, 1 << 20)))
            guard !chunk.isEmpty else { return nil }
            buffer.append(contentsOf: chunk)
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return body
    }

    /// Where the head ends in `bytes` (the index of the line feed that ends its last line) and where the body
    /// starts, at the first empty line (`\n\n` or `\n\r\n`).
    static func blankLine(in bytes: [UInt8]) -> (end: Int, next: Int)? {
        let lineFeed = UInt8(ascii: "\n")
        var index = 0
        while let found = bytes[index...].firstIndex(of: lineFeed) {
            let after = found + 1
            if after < bytes.count, bytes[after] == lineFeed { return (found, after + 1) }
            if after + 1 < bytes.count, bytes[after] == UInt8(ascii: "\r"), bytes[after + 1] == lineFeed {
                return (found, after + 2)
            }
            index = after
        }
        return nil
    }
}
