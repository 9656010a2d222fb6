import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

/// What the order of decorators changes. The decorator applied last is the outermost: it sees the request first.
struct ChainOrderTests {
    @Test func loggingInsideAuthenticationLogsTheRedactedAuthorizationHeader() async throws {
        let log = RecordedValues<String>()
        let sut = ScriptedHTTPClient.always(200).loggingRequestAndResponse { log.append($0) }
            .authenticated { "Bearer s3cr3t" }

        try await sut.load(request: TestRequest())

        let entry = try #require(log.values.first)
        #expect(entry.contains("    - Authorization: <redacted>"))
        #expect(!entry.contains("s3cr3t"))
    }

    @Test func loggingOutsideAuthenticationLogsTheRequestAsTheCallerMadeIt() async throws {
        let log = RecordedValues<String>()
        let sut = ScriptedHTTPClient.always(200).authenticated { "Bearer s3cr3t" }
            .loggingRequestAndResponse { log.append($0) }

        try await sut.load(request: TestRequest())

        #expect(try !#require(log.values.first).contains("Authorization"))
    }

    @Test func loggingInsideRetryLogsEveryAttemptAndOutsideLogsOnce() async throws {
        let (inside, outside) = (RecordedValues<String>(), RecordedValues<String>())
        let insideChain = retrying(makeServer().loggingRequestAndResponse { inside.append($0) })
        let outsideChain = retrying(makeServer()).loggingRequestAndResponse { outside.append($0) }

        try await insideChain.load(request: TestRequest())
        try await outsideChain.load(request: TestRequest())

        #expect(inside.values.map(statusLine) == ["StatusCode: 503", "StatusCode: 503", "StatusCode: 200"])
        #expect(outside.values.map(statusLine) == ["StatusCode: 200"])
    }

    @Test func handlingErrorsOutsideRetryLetsRetryHonourRetryAfter() async throws {
        let delays = RecordedValues<Duration>()
        let server = ScriptedHTTPClient.always(503, body: "busy", headers: ["Retry-After": "7"])
        let sut = retrying(server, delays: delays).handlingErrors()

        await #expect(throws: HTTPError.httpCode(statusCode: 503, data: Data("busy".utf8))) {
            try await sut.load(request: TestRequest())
        }
        #expect(delays.values == [.seconds(7), .seconds(7)])
    }

    @Test func handlingErrorsInsideRetryStillRetriesButLosesRetryAfter() async throws {
        let delays = RecordedValues<Duration>()
        let server = ScriptedHTTPClient.always(503, body: "busy", headers: ["Retry-After": "7"])
        let sut = retrying(server.handlingErrors(), delays: delays)

        await #expect(throws: HTTPError.httpCode(statusCode: 503, data: Data("busy".utf8))) {
            try await sut.load(request: TestRequest())
        }
        #expect(delays.values == [.seconds(1), .seconds(2)])
    }

    @Test func authenticationInsideRetrySignsEveryAttemptAfresh() async throws {
        let reads = RecordedValues<Int>()
        let token: @Sendable () -> String = {
            reads.append(reads.count)
            return "Bearer \(reads.count)"
        }
        let (insideServer, outsideServer) = (makeServer(), makeServer())

        try await retrying(insideServer.authenticated(accessToken: token)).load(request: TestRequest())
        let insideReads = reads.count
        try await retrying(outsideServer).authenticated(accessToken: token).load(request: TestRequest())

        #expect(insideReads == 3 && reads.count == 4)
        #expect(
            await insideServer.requests.map { $0.headers?["Authorization"] } == ["Bearer 1", "Bearer 2", "Bearer 3"])
        #expect(
            await outsideServer.requests.map { $0.headers?["Authorization"] } == Array(repeating: "Bearer 4", count: 3))
    }

    @Test func validationInsideInjectionSeesTheInjectedAccept() async throws {
        let html = ScriptedHTTPClient.always(200, body: "<html>", headers: ["Content-Type": "text/html"])
        let accept: HTTPHeaders = ["Accept": "application/json"]

        await #expect(throws: ContentTypeValidationError.self) {
            try await html.validatingContentType().injecting(headers: accept).load(request: TestRequest())
        }
        try await html.injecting(headers: accept).validatingContentType().load(request: TestRequest())
    }

    @Test func theRecommendedChainRefreshesRetriesValidatesAndLogsEachAttempt() async throws {
        let log = RecordedValues<String>()
        let server = ScriptedHTTPClient(replies: [
            .status(401), .status(503),
            .status(200, body: #"{"ok":true}"#, headers: ["Content-Type": "application/json"]),
        ])
        let sut = RetryingHTTPClient(
            client: server.loggingRequestAndResponse { log.append($0) }
                .refreshingAccessToken(stored: { "Bearer old" }, refresh: { "Bearer new" }),
            clock: TestClock { _ in }
        )
        .validatingContentType()
        .injecting(headers: ["Accept": "application/json"])
        .deduplicatingInFlightRequests()
        .handlingErrors()

        let (data, _) = try await sut.load(request: TestRequest())

        #expect(data == Data(#"{"ok":true}"#.utf8))
        #expect(
            await server.requests.map { $0.headers?["Authorization"] } == ["Bearer old", "Bearer new", "Bearer new"])
        #expect(await server.requests.allSatisfy { $0.headers?["Accept"] == "application/json" })
        #expect(log.values.map(statusLine) == ["StatusCode: 401", "StatusCode: 503", "StatusCode: 200"])
        #expect(log.values.allSatisfy { !$0.contains("Bearer") })
    }

    private func makeServer() -> ScriptedHTTPClient {
        ScriptedHTTPClient(replies: [.status(503), .status(503), .status(200)])
    }

    private func retrying(_ client: any HTTPClient, delays: RecordedValues<Duration> = .init()) -> any HTTPClient {
        RetryingHTTPClient(
            client: client, policy: RetryPolicy(baseDelay: .seconds(1)), clock: TestClock { delays.append($0) },
            random: \.upperBound)
    }

    private func statusLine(_ entry: String) -> String {
        entry.components(separatedBy: "\n").first { $0.hasPrefix("StatusCode:") } ?? "none"
    }
}
