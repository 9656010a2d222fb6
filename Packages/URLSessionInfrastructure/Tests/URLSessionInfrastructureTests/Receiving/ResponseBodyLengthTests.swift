import Foundation
import HTTPClient
import Testing

@testable import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("ResponseBodyLength: a streamed body's length from its head")
struct ResponseBodyLengthTests {
    @Test(
        "Content-Length is the length unless the body is content-encoded or there is no body",
        arguments: [
            ("GET", 200, ["Content-Length": "12"], HTTPBodyLength.known(12)),
            ("GET", 200, ["Content-Length": "12", "Content-Encoding": "identity"], .known(12)),
            ("GET", 200, ["Content-Length": "12", "Content-Encoding": "gzip"], .unknown),
            ("GET", 200, [:], .unknown),
            ("GET", 200, ["Content-Length": "-3"], .unknown),
            ("GET", 200, ["Content-Length": "many"], .unknown),
            ("HEAD", 200, ["Content-Length": "12"], .known(0)),
            ("GET", 204, [:], .known(0)),
            ("GET", 304, ["Content-Length": "12"], .known(0)),
        ])
    func length(method: String, status: Int, headers: [String: String], expected: HTTPBodyLength) throws {
        let url = try #require(URL(string: "http://h/"))
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers))

        #expect(ResponseBodyLength.of(response, method: method) == expected)
    }
}
