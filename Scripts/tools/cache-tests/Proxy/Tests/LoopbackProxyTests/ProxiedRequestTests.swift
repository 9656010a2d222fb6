import Foundation
import HTTPClient
import Testing

@testable import LoopbackProxy

@Suite("ProxiedRequest: a request as it is sent on to the origin")
struct ProxiedRequestTests {
    @Test("method, decoded path without the leading slash, query items, body")
    func parts() throws {
        let request = try makeSUT(
            "POST", "/test/a%20b/%C3%A9/?q=a%26b&empty&x=1&x=2", body: Data("abc".utf8))

        #expect(request.method == .post)
        #expect(request.path == "test/a b/é/")
        #expect(request.version == "")
        #expect(request.queryParameter == ["q": "a&b", "empty": "", "x": "2"])
        #expect(request.body == Data("abc".utf8))
    }

    @Test("the root is an empty path; no query and no body are nil")
    func root() throws {
        let request = try makeSUT("GET", "/")

        #expect(request.path == "")
        #expect(request.queryParameter == nil)
        #expect(request.body == nil)
        #expect(try makeSUT("GET", "/x?").queryParameter == nil)
    }

    @Test("an absolute-form target keeps only its path and query")
    func absoluteForm() throws {
        let request = try makeSUT("GET", "http://127.0.0.1:9/test/1?a=b")

        #expect(request.path == "test/1")
        #expect(request.queryParameter == ["a": "b"])
        #expect(try makeSUT("GET", "HTTP://example.test").path == "")
    }

    @Test("any token is a method, kept as spelled", arguments: ["M-SEARCH", "get", "PURGE"])
    func extensionMethod(method: String) throws {
        #expect(try makeSUT(method, "/").method.rawValue == method)
    }

    @Test("a method that is no token is 400", arguments: ["", "M SEARCH", "GET/1"])
    func malformedMethod(method: String) {
        #expect(throws: ProxyRequestError.badRequest("method \(method)")) { try makeSUT(method, "/") }
    }

    @Test(
        "a target that is neither a path nor an http URL, or badly percent-encoded, is 400",
        arguments: ["*", "example.test/x", "ftp://h/x", "/a%zz", "/a?b=%zz"])
    func badTarget(target: String) {
        #expect(throws: ProxyRequestError.self) { try makeSUT("GET", target) }
    }

    @Test("repeated fields are joined with a comma in the first spelling; hop-by-hop and framing fields are left out")
    func headers() throws {
        let request = try makeSUT(
            "GET", "/",
            fields: [
                ("Host", "127.0.0.1:1"), ("Pragma", "foo"), ("Cache-Control", "nothing-to-see-here"),
                ("cache-control", "max-age=0"), ("Connection", "keep-alive, X-Secret"), ("X-Secret", "1"),
                ("Keep-Alive", "timeout=5"), ("TE", "trailers"), ("Upgrade", "h2c"), ("Proxy-Connection", "close"),
                ("Content-Length", "0"), ("Expect", "100-continue"), ("Test-ID", "freshness-max-age"),
            ])

        let fields = Array(request.headers ?? HTTPHeaders()).map { [$0.name, $0.value] }
        #expect(
            fields == [
                ["Pragma", "foo"], ["Cache-Control", "nothing-to-see-here, max-age=0"],
                ["Test-ID", "freshness-max-age"],
            ])
    }

    @Test("no field left to send is nil headers")
    func noHeaders() throws {
        #expect(try makeSUT("GET", "/", fields: [("Host", "x")]).headers == nil)
    }

    private func makeSUT(_ method: String, _ target: String, fields: [(String, String)] = [], body: Data = Data())
        throws(ProxyRequestError) -> ProxiedRequest
    {
        let head = RequestHead(
            method: method, target: target, version: "HTTP/1.1",
            fields: fields.map { RequestHead.Field(name: $0.0, value: $0.1) })
        return try ProxiedRequest(head: head, body: body)
    }
}
