import Foundation
import HTTPClientSupport
import Testing

@testable import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("ResponseSizeLimit: a URLResponse's length and encoding")
struct ResponseSizeLimitTests {
    private let limit = ResponseSizeLimit(maximumBytes: 100)

    @Test(
        "a Content-Length past the limit is refused up front unless the body is content-encoded",
        arguments: [
            (["Content-Length": "101"], true),
            (["Content-Length": "101", "Content-Encoding": "identity"], true),
            (["Content-Length": "101", "Content-Encoding": "gzip"], false),
            (["Content-Length": "101", "content-encoding": " br "], false),
            (["Content-Length": "100"], false),
            ([:], false),
        ])
    func refusesUpFront(headers: [String: String], refused: Bool) throws {
        let url = try #require(URL(string: "http://h/"))
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers))

        #expect(limit.refusesUpFront(response, method: "GET") == refused)
    }

    @Test(
        "an answer with no body never passes the limit, whatever its Content-Length",
        arguments: [("HEAD", 200), ("GET", 204), ("GET", 304)])
    func noBody(method: String, status: Int) throws {
        let url = try #require(URL(string: "http://h/"))
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Length": "100000000"]))

        #expect(!limit.refusesUpFront(response, method: method))
    }
}
