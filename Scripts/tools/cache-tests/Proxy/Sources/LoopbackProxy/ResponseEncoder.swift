import Foundation
import HTTPClient

/// Writes one answer as HTTP/1.1 bytes: status line, the response's fields, the proxy's own `Content-Length`,
/// then the body.
///
/// Hop-by-hop fields, `Content-Length` and `Content-Encoding` are left out (see ``HopByHopFields``), and so is
/// any field whose name or value holds a line break. An answer to `HEAD`, and a `1xx`, `204` or `304`, has no
/// body.
enum ResponseEncoder {
    /// The bytes of `response` with `body`, as the answer to a request with `method`.
    /// - Parameter closesConnection: Whether to add `Connection: close` (the proxy closes after writing).
    static func encode(
        _ response: HTTPResponse, body: Data, method: HTTPMethod?, closesConnection: Bool
    ) -> [UInt8] {
        let status = response.statusCode
        let hasNoBody = method == .head || (100..<200).contains(status) || status == 204 || status == 304
        var head = "HTTP/1.1 \(status) \(ReasonPhrase.phrase(for: status))\r\n"
        for (name, value) in response.headers ?? HTTPHeaders() where isForwarded(name: name, value: value) {
            head += "\(name): \(value)\r\n"
        }
        if let length = contentLength(of: response, body: body, method: method) {
            head += "Content-Length: \(length)\r\n"
        }
        if closesConnection { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if !hasNoBody { bytes.append(contentsOf: body) }
        return bytes
    }

    /// A `text/plain` answer of the proxy's own, with `message` and a line feed as its body.
    static func encode(status: Int, message: String, method: HTTPMethod?, closesConnection: Bool) -> [UInt8] {
        let response = HTTPResponse(statusCode: status, headers: ["Content-Type": "text/plain; charset=utf-8"])
        return encode(response, body: Data((message + "\n").utf8), method: method, closesConnection: closesConnection)
    }

    private static func isForwarded(name: String, value: String) -> Bool {
        !HopByHopFields.responseNames.contains(name.lowercased())
            && !name.contains(where: \.isNewline) && !value.contains(where: \.isNewline)
    }

    /// The `Content-Length` to write: none for `1xx`, `204` and `304`; for `HEAD`, the origin's (the length a
    /// `GET` would have), unless its body was content-coded (the proxy would send it decoded); else the body's.
    private static func contentLength(of response: HTTPResponse, body: Data, method: HTTPMethod?) -> Int? {
        let status = response.statusCode
        guard !(100..<200).contains(status), status != 204, status != 304 else { return nil }
        guard method == .head else { return body.count }
        guard response.headers?["Content-Encoding"] == nil else { return nil }
        return response.headers?["Content-Length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}
