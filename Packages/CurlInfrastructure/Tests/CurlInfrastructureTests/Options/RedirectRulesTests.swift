import Foundation
import HTTPClient
import Testing

@testable import CurlInfrastructure

@Suite("RedirectProposal")
struct RedirectProposalTests {
    @Test("the Location is resolved against the URL that answered")
    func relativeLocation() throws {
        let next = try #require(RedirectProposal.request(after: head(302, "../c?x=1"), to: try request(.get)))

        #expect(next.url.absoluteString == "http://a.test/c?x=1")
    }

    @Test(
        "303 turns any method but HEAD into a GET without body; 301/302 only POST",
        arguments: [
            (303, HTTPMethod.put, HTTPMethod.get), (303, .head, .head), (301, .post, .get), (302, .post, .get),
            (302, .put, .put), (307, .post, .post), (308, .patch, .patch),
        ])
    func methods(status: Int, method: HTTPMethod, expected: HTTPMethod) throws {
        let next = try #require(RedirectProposal.request(after: head(status, "/n"), to: try request(method)))

        #expect(next.method == expected)
        #expect((next.body == nil) == (expected != method || method == .head))
    }

    @Test("no Location, another status or a non-http scheme proposes nothing")
    func nothing() throws {
        let get = try request(.get)

        #expect(RedirectProposal.request(after: ResponseHead(statusCode: 302), to: get) == nil)
        #expect(RedirectProposal.request(after: head(304, "/n"), to: get) == nil)
        #expect(RedirectProposal.request(after: head(302, "ftp://a.test/x"), to: get) == nil)
    }

    private func head(_ status: Int, _ location: String) -> ResponseHead {
        ResponseHead(statusCode: status, fields: [ResponseHead.Field(name: "Location", value: location)])
    }

    private func request(_ method: HTTPMethod) throws -> CurlRequest {
        let body: Data? = method == .head ? nil : Data("b".utf8)
        return CurlRequest(
            url: try #require(URL(string: "http://a.test/a/b")), method: method, headers: [:], body: body)
    }
}
