import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import LoopbackProxy

@Suite("ResponseEncoder: the bytes of an answer")
struct ResponseEncoderTests {
    @Test("status line with its phrase, fields less hop-by-hop and coding ones, own Content-Length, body")
    func full() {
        let response = HTTPResponse(
            statusCode: 200,
            headers: [
                "Cache-Control": "max-age=60", "Connection": "keep-alive", "Keep-Alive": "timeout=5",
                "Transfer-Encoding": "chunked", "Content-Length": "999", "Content-Encoding": "gzip",
                "Proxy-Connection": "close", "Upgrade": "h2c", "TE": "trailers", "X-Cache": "hit",
            ])

        let text = encode(response, body: "hello", method: .get)

        #expect(
            text == "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nX-Cache: hit\r\nContent-Length: 5\r\n\r\nhello")
    }

    @Test("an answer to HEAD has no body and the origin's Content-Length")
    func head() {
        let response = HTTPResponse(statusCode: 200, headers: ["Content-Length": "42"])

        #expect(encode(response, body: "", method: .head) == "HTTP/1.1 200 OK\r\nContent-Length: 42\r\n\r\n")
        #expect(
            encode(
                HTTPResponse(statusCode: 200, headers: ["Content-Length": "42", "Content-Encoding": "gzip"]),
                body: "", method: .head) == "HTTP/1.1 200 OK\r\n\r\n")
    }

    @Test("204, 304 and 1xx have neither body nor Content-Length", arguments: [204, 304, 103])
    func bodyless(status: Int) {
        let text = encode(HTTPResponse(statusCode: status, headers: ["ETag": "\"1\""]), body: "ignored", method: .get)

        #expect(text == "HTTP/1.1 \(status) \(ReasonPhrase.phrase(for: status))\r\nETag: \"1\"\r\n\r\n")
    }

    @Test("a field holding a line break is left out")
    func lineBreaks() {
        let response = HTTPResponse(statusCode: 200, headers: ["X-A": "1\r\nX-Injected: 1", "X-B": "2"])

        #expect(encode(response, body: "", method: .get) == "HTTP/1.1 200 OK\r\nX-B: 2\r\nContent-Length: 0\r\n\r\n")
    }

    @Test("the proxy's own answers are plain text with a line feed, and may close the connection")
    func ownAnswer() {
        let bytes = ResponseEncoder.encode(status: 411, message: "length", method: nil, closesConnection: true)

        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "HTTP/1.1 411 Length Required\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 7\r\n"
                + "Connection: close\r\n\r\nlength\n")
    }

    @Test("reason phrases: HTTPStatusReason's, the proxy's own, else the status class")
    func phrases() {
        #expect(ReasonPhrase.phrase(for: 404) == "Not Found")
        #expect(ReasonPhrase.phrase(for: 431) == "Request Header Fields Too Large")
        #expect(ReasonPhrase.phrase(for: 299) == "Success")
        #expect(ReasonPhrase.phrase(for: 999) == "Unknown")
    }

    @Test("a timeout is 504, any other failure 502, each with one line")
    func gatewayFailures() {
        #expect(GatewayFailure(HTTPTransportError.timedOut(underlying: TestFailure("slow"))).statusCode == 504)
        let failure = GatewayFailure(HTTPTransportError.cannotConnect(underlying: TestFailure("refused\nsecond line")))
        #expect(failure.statusCode == 502)
        #expect(!failure.message.contains("\n"))
    }

    private func encode(_ response: HTTPResponse, body: String, method: HTTPMethod) -> String {
        String(
            decoding: ResponseEncoder.encode(response, body: Data(body.utf8), method: method, closesConnection: false),
            as: UTF8.self)
    }
}
