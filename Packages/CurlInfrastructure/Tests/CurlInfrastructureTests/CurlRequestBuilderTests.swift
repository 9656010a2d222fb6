import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import CurlInfrastructure

@Suite("CurlRequestBuilder: what goes to libcurl")
struct CurlRequestBuilderTests {
    @Test("a header that cannot go out as one line is refused with its cause, before libcurl sees it")
    func refusesHeaderInjection() throws {
        let request = TestRequest(headers: ["Accept": "*/*", "X-Bad": "a\r\nHost: evil"])

        let error = try #require(throws: HTTPTransportError.self) {
            try makeSUT().makeRequest(for: request)
        }

        #expect(error.kind == .other)
        #expect(error.underlying as? InvalidHeaderFieldError == .init(name: "X-Bad", problem: .lineBreakOrNULInValue))
    }

    @Test("headers, method and body are copied; an empty body counts as none")
    func copiesFields() throws {
        let request = TestRequest(method: .post, path: "x", version: "", headers: ["X-Empty": ""], body: Data())

        let curlRequest = try makeSUT().makeRequest(for: request)

        #expect(curlRequest.url.absoluteString == "http://h/x")
        #expect(curlRequest.method == .post)
        #expect(curlRequest.headers == ["X-Empty": ""])
        #expect(curlRequest.body == nil)
    }

    private func makeSUT() throws -> CurlRequestBuilder {
        CurlRequestBuilder(baseURL: try #require(URL(string: "http://h/")))
    }
}
