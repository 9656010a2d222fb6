import Foundation
import HTTPClient
import HTTPClientDecorators
import Testing
import TokenFeatureAPI

@testable import NetworkingApp
@testable import NetworkingComposition

/// The token API's chains, driven through ``TokenFeatureComposer`` over a scripted transport.
struct TokenChainTests {
    @Test func signsWithTheConfiguredAccessTokenAndSendsTheUserAgent() async throws {
        let spy = TransportSpy(tokenServer(accepting: "configured-token"))
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())

        #expect(try await sut.loadToken() == "stored")

        let request = try #require(await spy.server.requests.first)
        #expect(request.headers?["Authorization"] == "Bearer configured-token")
        #expect(request.headers?["User-Agent"] == "networking/1.0")
        #expect(await spy.sentLines == ["GET v1/token"])
    }

    @Test func signsWithTheTokenFromTheEnvironment() async throws {
        let spy = TransportSpy(tokenServer(accepting: "env-token"))
        let settings = try Settings.resolve(
            CommandTable.parse(["token"]), environment: ["NETWORKING_ACCESS_TOKEN": " env-token\n"])
        let sut = try TokenFeatureComposer(settings: settings, factory: spy.factory())

        #expect(try await sut.loadToken() == "stored")

        #expect(await spy.server.requests.map { $0.headers?["Authorization"] } == ["Bearer env-token"])
    }

    @Test func on401AsksTheIssuingEndpointOnceAndRetriesWithTheNewToken() async throws {
        let spy = TransportSpy(tokenServer())
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())

        #expect(try await sut.loadToken() == "stored")

        #expect(await spy.sentLines == ["GET v1/token", "POST v1/auth/token", "GET v1/token"])
        #expect(
            await spy.server.requests.map { $0.headers?["Authorization"] }
                == ["Bearer configured-token", nil, "Bearer fresh-token"])
        #expect(await spy.server.requests[1].headers?["User-Agent"] == "networking/1.0")
    }

    @Test func concurrentRejectionsShareOneRefresh() async throws {
        let spy = TransportSpy(tokenServer())
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())

        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 { group.addTask { try await sut.loadToken() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(tokens == Array(repeating: "stored", count: 10))
        #expect(await spy.sentLines.filter { $0 == "POST v1/auth/token" }.count == 1)
    }

    @Test func withoutAConfiguredTokenAsksForOneFirst() async throws {
        let spy = TransportSpy(tokenServer())
        let sut = try TokenFeatureComposer(settings: makeSettings(accessToken: nil), factory: spy.factory())

        #expect(try await sut.loadToken() == "stored")

        #expect(await spy.sentLines == ["POST v1/auth/token", "GET v1/token"])
    }

    @Test func retriesAReadAfter503() async throws {
        let (busy, stored) = (Replies.unavailable, Replies.text("stored"))
        let spy = TransportSpy(replies: [.response(busy.0, busy.1), .response(stored.0, stored.1)])
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())

        #expect(try await sut.loadToken() == "stored")

        #expect(await spy.sentLines == ["GET v1/token", "GET v1/token"])
    }

    @Test func neverRetriesAnUpdate() async throws {
        let spy = TransportSpy { _ in Replies.unavailable }
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())

        await #expect(throws: TokenUpdateMapper.Error.unexpectedStatus(503, serverMessage: "busy")) {
            try await sut.updateToken("new-token")
        }

        #expect(await spy.sentLines == ["POST v1/token"])
    }

    @Test func theIssuingChainTurnsAnErrorStatusIntoHTTPError() async throws {
        // 501 is not retried; a retryable status would be, since issuing a token is safe to repeat.
        let spy = TransportSpy { _ in Replies.text("issuer down", status: 501) }
        let sut = try TokenFeatureComposer(settings: makeSettings(accessToken: nil), factory: spy.factory())

        let error = await #expect(throws: TokenRefreshError.self) { try await sut.loadToken() }

        guard case .refreshFailed(let underlying) = error else {
            Issue.record("expected refreshFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying as? HTTPError == .httpCode(statusCode: 501, data: Data("issuer down".utf8)))
        #expect(await spy.sentLines == ["POST v1/auth/token"])
    }

    @Test func theIssuingClientThrowsHTTPErrorForAnyNon2xx() async throws {
        let spy = TransportSpy { _ in Replies.text("no", status: 403) }
        let client = try spy.factory().tokenIssuingClient(baseURL: try makeSettings().tokenBaseURL)

        await #expect(throws: HTTPError.httpCode(statusCode: 403, data: Data("no".utf8))) {
            try await client.load(request: AccessTokenAPI.issue)
        }
    }
}
