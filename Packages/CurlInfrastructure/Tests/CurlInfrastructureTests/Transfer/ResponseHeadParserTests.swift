import HTTPClient
import Testing

@testable import CurlInfrastructure

@Suite("ResponseHeadParser")
struct ResponseHeadParserTests {
    @Test("a status line, fields and an empty line make one head; CRLF, LF and no line ending all work")
    func oneBlock() {
        let head = parse(["HTTP/1.1 200 OK\r\n", "Content-Type: text/plain\n", "X-A:  spaced \t", "\r\n"])

        #expect(head?.statusCode == 200)
        #expect(head?.fields == [field("Content-Type", "text/plain"), field("X-A", "spaced")])
    }

    @Test("HTTP/2 status lines have no minor version and may have no reason")
    func http2() {
        #expect(parse(["HTTP/2 204 \r\n", "\r\n"])?.statusCode == 204)
        #expect(parse(["HTTP/2 404\r\n", "\r\n"])?.statusCode == 404)
    }

    @Test("interim 1xx blocks come first; the final block is the last")
    func interimBlocks() {
        let lines = [
            "HTTP/1.1 100 Continue\r\n", "\r\n", "HTTP/1.1 103 Early Hints\r\n", "Link: </a>\r\n", "\r\n",
            "HTTP/1.1 201 Created\r\n", "Location: /x\r\n", "\r\n",
        ]

        let head = parse(lines)

        #expect(head?.statusCode == 201)
        #expect(head?.fields == [field("Location", "/x")])
    }

    @Test("a folded line continues the previous field with one space")
    func folding() {
        let head = parse(["HTTP/1.1 200 OK\r\n", "X-Long: one\r\n", " \t two\r\n", "\tthree\r\n", "\r\n"])

        #expect(head?.fields == [field("X-Long", "one two three")])
    }

    @Test("trailers after the final head, lines before a status line and malformed lines are ignored")
    func ignoredLines() {
        var parser = ResponseHeadParser()
        let events = [
            "X-Before: 1\r\n", "HTTP/1.1 200 OK\r\n", " folded-with-nothing-before\r\n", "no colon here\r\n",
            ": empty name\r\n", "Bad Name: v\r\n", "Good: v\r\n", "\r\n", "X-Trailer: t\r\n", "\r\n",
        ].map { parser.consume(line: Array($0.utf8)) }

        #expect(parser.last?.fields == [field("Good", "v")])
        #expect(events.filter { $0 == .ignored }.count == 7)
    }

    @Test(
        "status lines that are not HTTP/x NNN are not status lines",
        arguments: [
            "HTTP/1.1 20 OK", "HTTP/1.1 2000 OK", "HTTP/ 200 OK", "HTTP/1: 200", "HTTP/x 200", "http/1.1 200 OK",
            "HTTP/1.1200", "HTTP/1.1 2x0",
        ])
    func notStatusLines(line: String) {
        #expect(ResponseHeadParser.statusCode(ofStatusLine: Array(line.utf8)) == nil)
    }

    @Test("repeated fields are joined with a comma in the headers")
    func repeatedFields() {
        let head = parse(["HTTP/1.1 200 OK\r\n", "Vary: A\r\n", "vary: B\r\n", "\r\n"])

        #expect(head?.headers["Vary"] == "A, B")
        #expect(head?.value(of: "VARY") == "A")
    }

    @Test("bytes that are not UTF-8 do not stop the parser")
    func invalidUTF8() {
        var parser = ResponseHeadParser()
        parser.consume(line: Array("HTTP/1.1 200 OK\r\n".utf8))
        parser.consume(line: Array("X-Bin: ".utf8) + [0xFF, 0xFE, 0x00] + Array("\r\n".utf8))
        parser.consume(line: Array("\r\n".utf8))

        #expect(parser.last?.fields.count == 1)
    }

    private func parse(_ lines: [String]) -> ResponseHead? {
        var parser = ResponseHeadParser()
        for line in lines { parser.consume(line: Array(line.utf8)) }
        return parser.last
    }

    private func field(_ name: String, _ value: String) -> ResponseHead.Field {
        ResponseHead.Field(name: name, value: value)
    }
}
