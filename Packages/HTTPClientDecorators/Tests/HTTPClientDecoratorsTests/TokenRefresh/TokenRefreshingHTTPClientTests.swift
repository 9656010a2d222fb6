import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPClientDecorators

struct TokenRefreshingHTTPClientTests {
    @Test func readsTheStoredTokenOnceAndSignsEveryRequestWithIt() async throws {
        let reads = RecordedValues<Int>()
        let refresh = RefreshSpy("Bearer new")
        let (sut, server) = makeSUT(server: TokenServer.accepting("Bearer old"), refresh: refresh) {
            reads.append(1)
            return "Bearer old"
        }

        for _ in 0..<3 { try await sut.load(request: TestRequest()) }

        #expect(reads.count == 1 && refresh.calls.count == 0)
        #expect(await server.requests.map { $0.headers?["Authorization"] } == Array(repeating: "Bearer old", count: 3))
    }

    @Test func refreshesInsteadWhenNoTokenIsStored() async throws {
        let refresh = RefreshSpy("Bearer new")
        let (sut, server) = makeSUT(server: TokenServer.accepting("Bearer new"), refresh: refresh) {
            throw AnyError(name: "no token in the keychain")
        }

        let (data, _) = try await sut.load(request: TestRequest())

        #expect(data == Data("ok".utf8) && refresh.calls.count == 1)
        #expect(await server.requests.map { $0.headers?["Authorization"] } == ["Bearer new"])
    }

    @Test func refreshesOnceAndRetriesOnceAfterA401() async throws {
        let refresh = RefreshSpy("Bearer new")
        let (sut, server) = makeSUT(server: TokenServer.accepting("Bearer new"), refresh: refresh)
        let request = TestRequest(method: .post, headers: ["X": "1"], body: Data("b".utf8))

        let (data, response) = try await sut.load(request: request)

        #expect(response.statusCode == 200 && data == Data("ok".utf8) && refresh.calls.count == 1)
        let sent = await server.requests
        #expect(sent.map { $0.headers?["Authorization"] } == ["Bearer old", "Bearer new"])
        #expect(sent.allSatisfy { $0.method == .post && $0.body == Data("b".utf8) && $0.headers?["X"] == "1" })
    }

    @Test func treatsAThrown401AsARejection() async throws {
        let refresh = RefreshSpy("Bearer new")
        let (sut, _) = makeSUT(
            server: TokenServer.accepting("Bearer new"), handlingErrorsInside: true, refresh: refresh)

        let (data, _) = try await sut.load(request: TestRequest())

        #expect(data == Data("ok".utf8) && refresh.calls.count == 1)
    }

    @Test func a401AfterTheRefreshIsReturnedAsIs() async throws {
        let refresh = RefreshSpy("Bearer new")
        let (sut, server) = makeSUT(server: TokenServer.accepting(), refresh: refresh)

        let (data, response) = try await sut.load(request: TestRequest())

        #expect(response.statusCode == 401 && data == Data("denied".utf8))
        #expect(refresh.calls.count == 1)
        #expect(await server.requests.count == 2)
    }

    @Test func aThrown401AfterTheRefreshIsRethrown() async throws {
        let refresh = RefreshSpy("Bearer new")
        let (sut, server) = makeSUT(server: TokenServer.accepting(), handlingErrorsInside: true, refresh: refresh)

        await #expect(throws: HTTPError.httpCode(statusCode: 401, data: Data("denied".utf8))) {
            try await sut.load(request: TestRequest())
        }
        #expect(refresh.calls.count == 1)
        #expect(await server.requests.count == 2)
    }

    @Test func otherStatusesAndErrorsPassThroughWithoutARefresh() async throws {
        let refresh = RefreshSpy("Bearer new")
        let server = ScriptedHTTPClient(replies: [.status(403), .failure(HTTPTransportError.cancelled)])
        let (sut, _) = makeSUT(server: server, refresh: refresh)

        let (_, response) = try await sut.load(request: TestRequest())
        let thrown = await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }
        #expect(thrown?.matches(HTTPTransportError.cancelled) == true)

        #expect(response.statusCode == 403 && refresh.calls.count == 0)
    }

    @Test func failsWithTheRefreshError() async throws {
        let refresh = RefreshSpy([.failure(AnyError(name: "refresh token revoked"))])
        let (sut, _) = makeSUT(server: TokenServer.accepting(), refresh: refresh)

        let error = try await #require(throws: TokenRefreshError.self) { try await sut.load(request: TestRequest()) }

        guard case .refreshFailed(let underlying) = error else { throw AnyError(name: "unexpected \(error)") }
        #expect(underlying as? AnyError == AnyError(name: "refresh token revoked"))
        #expect(error.description.contains("refresh token revoked"))
    }

    @Test func anEmptyRefreshedValueIsAFailedRefresh() async throws {
        let (sut, server) = makeSUT(server: TokenServer.accepting(), refresh: RefreshSpy(""))

        let error = try await #require(throws: TokenRefreshError.self) { try await sut.load(request: TestRequest()) }

        guard case .refreshFailed(let underlying) = error else { throw AnyError(name: "unexpected \(error)") }
        #expect(underlying is AuthenticatedHTTPClient.Error)
        #expect(await server.requests.count == 1)
    }

    @Test func failsFastOnceTheRefreshLimitIsReached() async throws {
        let clock = TestClock()
        let refresh = RefreshSpy("Bearer 1", "Bearer 2", "Bearer 3", "Bearer 4")
        let limit = TokenRefreshLimit(maxRefreshes: 3, per: .seconds(60))
        let (sut, _) = makeSUT(server: TokenServer.accepting(), refresh: refresh, limit: limit, clock: clock)

        for _ in 0..<3 {
            #expect(try await sut.load(request: TestRequest()).1.statusCode == 401)
            clock.advance(by: .seconds(19))
        }
        await #expect(throws: TokenRefreshError.self) { try await sut.load(request: TestRequest()) }
        #expect(refresh.calls.count == 3)

        clock.advance(by: .seconds(4))  // the first refresh is now 61 s old
        #expect(try await sut.load(request: TestRequest()).1.statusCode == 401)
        #expect(refresh.calls.count == 4)
    }

    @Test func theLimitErrorSaysWhatHappened() async throws {
        let (sut, _) = makeSUT(
            server: TokenServer.accepting(), refresh: RefreshSpy("Bearer new"),
            limit: TokenRefreshLimit(maxRefreshes: 0))

        let error = try await #require(throws: TokenRefreshError.self) { try await sut.load(request: TestRequest()) }

        guard case .refreshLimitExceeded = error else { throw AnyError(name: "unexpected \(error)") }
        #expect(error.description.contains("too many refreshes"))
    }

    @Test func theFallbackRefreshCountsTowardsTheLimit() async throws {
        let refresh = RefreshSpy("Bearer 1", "Bearer 2")
        let (sut, _) = makeSUT(
            server: TokenServer.accepting(), refresh: refresh, limit: TokenRefreshLimit(maxRefreshes: 1)
        ) { throw AnyError() }

        await #expect(throws: TokenRefreshError.self) { try await sut.load(request: TestRequest()) }
        #expect(refresh.calls.count == 1)
    }

    @Test func releasesTheClientAndBothClosuresAfterUse() async throws {
        func useAndDrop() async throws -> [WeakReference<AnyObject>] {
            let (stored, refreshed) = (TokenSource("Bearer old"), TokenSource("Bearer new"))
            let server = TokenServer.accepting("Bearer new")
            let sut = server.refreshingAccessToken(stored: { stored.token() }, refresh: { refreshed.token() })
            try await sut.load(request: TestRequest())
            return [WeakReference(server), WeakReference(stored), WeakReference(refreshed)]
        }

        let references = try await useAndDrop()

        #expect(references.allSatisfy { $0.object == nil })
    }

    private func makeSUT(
        server: ScriptedHTTPClient,
        handlingErrorsInside: Bool = false,
        refresh: RefreshSpy,
        limit: TokenRefreshLimit = .default,
        clock: TestClock = TestClock(),
        accessToken: @escaping @Sendable () async throws -> String = { "Bearer old" }
    ) -> (sut: any HTTPClient, server: ScriptedHTTPClient) {
        let client: any HTTPClient = handlingErrorsInside ? server.handlingErrors() : server
        let sut = TokenRefreshingHTTPClient(
            client: client, stored: accessToken, refresh: refresh.refresh, limit: limit, clock: clock)
        return (sut, server)
    }
}
