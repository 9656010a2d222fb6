import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct AuthenticatedHTTPClientTests {
    @Test func setsTheWholeAuthorizationValueAndKeepsTheRestOfTheRequest() async throws {
        let (sut, client) = makeSUT(token: { "Bearer abc" })
        let request = TestRequest(
            method: .put, path: "p", headers: ["authorization": "old", "X-Other": "1"], queryParameter: ["q": "1"],
            body: Data("b".utf8))

        let (data, response) = try await sut.load(request: request)

        let sent = try #require(await client.requests.first)
        #expect(sent.headers == ["Authorization": "Bearer abc", "X-Other": "1"])
        #expect(sent.headers?.count == 2)
        #expect(sent.method == .put && sent.path == "p" && sent.queryParameter == ["q": "1"])
        #expect(sent.body == Data("b".utf8))
        #expect(data == Data("ok".utf8) && response.statusCode == 200)
    }

    @Test func readsTheTokenForEveryRequest() async throws {
        let calls = RecordedValues<Int>()
        let (sut, client) = makeSUT(token: {
            calls.append(calls.count)
            return "Bearer \(calls.count)"
        })

        try await sut.load(request: TestRequest())
        try await sut.load(request: TestRequest())

        #expect(await client.requests.map { $0.headers?["Authorization"] } == ["Bearer 1", "Bearer 2"])
    }

    @Test func sendsNothingAndReportsAMissingTokenWithItsCause() async throws {
        let (sut, client) = makeSUT(token: { throw AnyError(name: "keychain locked") })

        let error = try await #require(throws: AuthenticatedHTTPClient.Error.self) {
            try await sut.load(request: TestRequest())
        }

        guard case .missingAccessToken(let underlying) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(underlying as? AnyError == AnyError(name: "keychain locked"))
        #expect(error.description.contains("No access token") && error.description.contains("keychain locked"))
        #expect(await client.requests.isEmpty)
    }

    @Test func rethrowsCancellationFromTheTokenClosureUnwrapped() async {
        let (sut, client) = makeSUT(token: { throw CancellationError() })

        await #expect(throws: CancellationError.self) { try await sut.load(request: TestRequest()) }
        #expect(await client.requests.isEmpty)
    }

    @Test(arguments: ["", "   ", "Bearer a\r\nX-Injected: 1", "Bearer a\n"])
    func refusesValuesThatWouldCorruptTheHeader(_ value: String) async {
        let (sut, client) = makeSUT(token: { value })

        await #expect(throws: AuthenticatedHTTPClient.Error.self) { try await sut.load(request: TestRequest()) }
        #expect(await client.requests.isEmpty)
    }

    @Test func passesResponsesAndErrorsThrough() async throws {
        let client = ScriptedHTTPClient(replies: [.status(401, body: "no"), .failure(HTTPTransportError.cancelled)])
        let sut = client.authenticated { "Bearer a" }

        let (data, response) = try await sut.load(request: TestRequest())
        let thrown = await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }
        #expect(thrown?.matches(HTTPTransportError.cancelled) == true)

        #expect(response.statusCode == 401 && data == Data("no".utf8))
    }

    @Test func releasesTheClientAndTheTokenClosureAfterUse() async throws {
        func useAndDrop() async throws -> (WeakReference<ScriptedHTTPClient>, WeakReference<TokenSource>) {
            let source = TokenSource()
            let (sut, client) = makeSUT(token: { source.token() })
            try await sut.load(request: TestRequest())
            return (WeakReference(client), WeakReference(source))
        }

        let (client, source) = try await useAndDrop()

        #expect(client.object == nil)
        #expect(source.object == nil)
    }

    private func makeSUT(
        token: @escaping @Sendable () async throws -> String
    ) -> (sut: any HTTPClient, client: ScriptedHTTPClient) {
        let client = ScriptedHTTPClient.always(200, body: "ok")
        return (client.authenticated(accessToken: token), client)
    }
}
