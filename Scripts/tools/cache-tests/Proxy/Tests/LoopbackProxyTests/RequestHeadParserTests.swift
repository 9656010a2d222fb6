import Testing

@testable import LoopbackProxy

@Suite("RequestHeadParser: request line and header fields")
struct RequestHeadParserTests {
    @Test("reads method, target, version and fields, trimming the values")
    func wellFormed() throws {
        let head = try parse("GET /test/1?a=b HTTP/1.1\r\nHost: x\r\nCache-Control:  max-age=0 \r\nX-Empty:\r\n")

        #expect(head.method == "GET")
        #expect(head.target == "/test/1?a=b")
        #expect(head.version == "HTTP/1.1")
        #expect(
            head.fields == [
                .init(name: "Host", value: "x"), .init(name: "Cache-Control", value: "max-age=0"),
                .init(name: "X-Empty", value: ""),
            ])
    }

    @Test("accepts bare line feeds and empty lines before the request line")
    func bareLineFeeds() throws {
        let head = try parse("\r\n\nPUT / HTTP/1.0\nA: 1\n")

        #expect(head.method == "PUT")
        #expect(head.version == "HTTP/1.0")
        #expect(head.fields == [.init(name: "A", value: "1")])
    }

    @Test(
        "a malformed request line is a bad request",
        arguments: [
            "BAD", "GET /", "GET  / HTTP/1.1", "GET / HTTP/1.1 extra", "G(T / HTTP/1.1", "GET / HTTP/11",
            "GET / http/1.1", "GET /a\u{7F} HTTP/1.1",
        ])
    func badRequestLine(line: String) {
        do {
            _ = try parse(line + "\r\n")
            Issue.record("\(line) was accepted")
        } catch {
            #expect(error.statusCode == 400)
        }
    }

    @Test("HTTP/2.0 and HTTP/0.9 are versions the proxy does not speak: 505")
    func unsupportedVersion() {
        #expect(throws: ProxyRequestError.versionNotSupported("HTTP/2.0")) { try parse("GET / HTTP/2.0\r\n") }
    }

    @Test(
        "a field line without a colon, with space before it, folded, or with a control byte is a bad request",
        arguments: ["NoColon", "Name : value", " folded: value", "Bad Name: value", "A: b\rc", ": empty"])
    func badField(line: String) {
        #expect(throws: ProxyRequestError.self) { try parse("GET / HTTP/1.1\r\n\(line)\r\n") }
    }

    @Test("no request line at all is a bad request")
    func empty() {
        #expect(throws: ProxyRequestError.badRequest("no request line")) { try parse("") }
    }

    @Test("keep-alive: HTTP/1.1 unless Connection: close; HTTP/1.0 only with Connection: keep-alive")
    func keepAlive() throws {
        #expect(try parse("GET / HTTP/1.1\r\n").keepsAlive)
        #expect(try !parse("GET / HTTP/1.1\r\nConnection: Upgrade, Close\r\n").keepsAlive)
        #expect(try !parse("GET / HTTP/1.0\r\n").keepsAlive)
        #expect(try parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n").keepsAlive)
    }

    @Test("body length: none is 0, repeated equal values are one, chunked needs a length, garbage is rejected")
    func bodyLength() throws {
        #expect(try parse("POST / HTTP/1.1\r\n").bodyLength() == 0)
        #expect(try parse("POST / HTTP/1.1\r\nContent-Length: 5\r\ncontent-length: 5, 5\r\n").bodyLength() == 5)
        #expect(throws: ProxyRequestError.lengthRequired) {
            try parse("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n").bodyLength()
        }
        for value in ["-1", "5, 6", "abc", "", "+5", "99999999999999999999999"] {
            #expect(throws: ProxyRequestError.self) {
                try parse("POST / HTTP/1.1\r\nContent-Length: \(value)\r\n").bodyLength()
            }
        }
    }

    @Test("the blank line that ends a head is found after CRLF and after a bare LF")
    func blankLine() {
        #expect(ProxyConnection.blankLine(in: Array("GET / HTTP/1.1\r\nA: b\r\n\r\nbody".utf8))?.end == 21)
        #expect(ProxyConnection.blankLine(in: Array("GET / HTTP/1.1\r\nA: b\r\n\r\nbody".utf8))?.next == 24)
        #expect(ProxyConnection.blankLine(in: Array("GET / HTTP/1.1\nA: b\n\nbody".utf8))?.next == 21)
        #expect(ProxyConnection.blankLine(in: Array("GET / HTTP/1.1\r\nA: b\r\n".utf8)) == nil)
    }

    private func parse(_ text: String) throws(ProxyRequestError) -> RequestHead {
        try RequestHeadParser.parse(Array(text.utf8))
    }
}
