import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct HeadersInjectingHTTPClientTests {
    @Test func addsTheHeadersAndKeepsTheRequestsOwn() async throws {
        let (sut, client) = makeSUT(injecting: ["X-App-Version": "1.2", "Accept": "application/json"])

        try await sut.load(request: TestRequest(headers: ["X-Request-ID": "7"]))

        let sent = try #require(await client.requests.first)
        #expect(sent.headers == ["X-Request-ID": "7", "X-App-Version": "1.2", "Accept": "application/json"])
    }

    @Test func replacesSameNamedRequestHeadersInAnyLetterCase() async throws {
        let (sut, client) = makeSUT(injecting: ["Accept": "application/json"])

        try await sut.load(request: TestRequest(headers: ["accept": "text/html", "ACCEPT-Language": "de"]))

        let headers = try #require(await client.requests.first?.headers)
        #expect(headers.count == 2)
        #expect(headers["accept"] == "application/json")
        #expect(headers.map(\.name).contains("Accept"))
        #expect(headers["Accept-Language"] == "de")
    }

    @Test func injectsIntoRequestsWithoutHeaders() async throws {
        let (sut, client) = makeSUT(injecting: ["A": "1"])

        try await sut.load(request: TestRequest(headers: nil))

        #expect(await client.requests.first?.headers == ["A": "1"])
    }

    @Test func leavesTheRequestAloneWhenThereIsNothingToInject() async throws {
        let (sut, client) = makeSUT(injecting: [:])
        let request = TestRequest(method: .delete, headers: ["A": "1"], queryParameter: ["q": "2"], body: Data([1]))

        try await sut.load(request: request)

        #expect(await client.requests == [HTTPRequestSnapshot(request)])
    }

    @Test func keepsMethodPathQueryAndBody() async throws {
        let (sut, client) = makeSUT(injecting: ["A": "1"])
        let request = TestRequest(
            method: .patch, path: "x/y", version: "v2", queryParameter: ["q": "2"], body: Data([1]))

        try await sut.load(request: request)

        let sent = try #require(await client.requests.first)
        #expect(sent.method == .patch && sent.path == "x/y" && sent.version == "v2")
        #expect(sent.queryParameter == ["q": "2"] && sent.body == Data([1]))
    }

    @Test func releasesTheClientAfterUse() async throws {
        func useAndDrop() async throws -> WeakReference<ScriptedHTTPClient> {
            let (sut, client) = makeSUT(injecting: ["A": "1"])
            try await sut.load(request: TestRequest())
            return WeakReference(client)
        }

        #expect(try await useAndDrop().object == nil)
    }

    private func makeSUT(injecting headers: HTTPHeaders) -> (sut: any HTTPClient, client: ScriptedHTTPClient) {
        let client = ScriptedHTTPClient.always(200)
        return (client.injecting(headers: headers), client)
    }
}
