import HTTPClient
import HTTPClientSupport
import Testing

@testable import CurlInfrastructure

@Suite("ResponseBody: the limit counts bodies, not headers")
struct ResponseBodyLimitTests {
    private let body = ResponseBody(limit: ResponseSizeLimit(maximumBytes: 100))

    @Test(
        "an answer with no body never passes the limit, whatever its Content-Length",
        arguments: [(HTTPMethod.head, 200), (.get, 204), (.get, 304)])
    func noBody(method: HTTPMethod, status: Int) {
        let head = head(status, ["Content-Length": "100000000"])

        #expect(head.bodyLength(answering: method) == .known(0))
        #expect(!body.refusesUpFront(head.bodyLength(answering: method)))
    }

    @Test(
        "a Content-Length past the limit is refused up front unless the body is content-encoded",
        arguments: [
            (["Content-Length": "101"], true),
            (["Content-Length": "101", "Content-Encoding": "identity"], true),
            (["Content-Length": "101", "Content-Encoding": "gzip"], false),
            (["Content-Length": "100"], false),
            ([:], false),
        ])
    func announced(fields: [String: String], refused: Bool) {
        let head = head(200, fields)

        #expect(body.refusesUpFront(head.bodyLength(answering: .get)) == refused)
    }

    @Test(
        "field names and the identity coding match in any letter case",
        arguments: [
            (["content-length": "7"], HTTPBodyLength.known(7)),
            (["CONTENT-LENGTH": "7", "Content-Encoding": "IDENTITY"], .known(7)),
            (["Content-Length": "7", "content-encoding": "Gzip"], .unknown),
            (["Content-Length": "7", "transfer-ENCODING": "chunked"], .unknown),
            (["Content-Length": "-1"], .unknown),
            (["Content-Lengt": "7"], .unknown),
        ])
    func caseInsensitiveNames(fields: [String: String], length: HTTPBodyLength) {
        #expect(head(200, fields).bodyLength(answering: .get) == length)
    }

    @Test("only letters differ by case: other bytes 0x20 apart are different names")
    func lettersOnly() {
        #expect(ResponseHead.equalIgnoringASCIICase("X-Tag", "x-TAG"))
        #expect(!ResponseHead.equalIgnoringASCIICase("a@b", "a`b"))
        #expect(!ResponseHead.equalIgnoringASCIICase("a-b", "a\rb"))
        #expect(!ResponseHead.equalIgnoringASCIICase("ab", "abc"))
    }

    private func head(_ status: Int, _ fields: [String: String]) -> ResponseHead {
        ResponseHead(
            statusCode: status,
            fields: fields.sorted { $0.key < $1.key }.map { ResponseHead.Field(name: $0.key, value: $0.value) })
    }
}
