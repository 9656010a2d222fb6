import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPClientDecorators

/// Single flight: concurrent requests share one token fetch.
@Suite(.timeLimit(.minutes(1)))  // a safety net: a broken single flight would hang, not fail
struct TokenRefreshingHTTPClientConcurrencyTests {
    @Test func oneRefreshServesAHundredRequestsRejectedWithTheSameToken() async throws {
        let allRejected = Countdown(100)  // the refresh is held until all 100 requests wait for it
        let refresh = RefreshSpy("Bearer new", release: allRejected.reached)
        let server = TokenServer.accepting("Bearer new")
        let sut = makeSUT(server: server, refresh: refresh, onWait: allRejected.record(.refresh))

        let results = try await concurrently(100) { index in try await sut.load(request: TestRequest(path: "\(index)"))
        }

        #expect(refresh.calls.count == 1)
        #expect(results.allSatisfy { $0.1.statusCode == 200 && $0.0 == Data("ok".utf8) })
        let sent = await server.requests
        #expect(sent.count == 200)
        #expect(Set(sent.filter { $0.headers?["Authorization"] == "Bearer old" }.map(\.path)).count == 100)
        #expect(Set(sent.filter { $0.headers?["Authorization"] == "Bearer new" }.map(\.path)).count == 100)
    }

    @Test func requestsStartedDuringARefreshWaitForItInsteadOfSendingTheStaleToken() async throws {
        let lateOnesWaiting = Countdown(3)  // the rejected request, then the two late ones
        let refresh = RefreshSpy("Bearer new", release: lateOnesWaiting.reached)
        let server = TokenServer.accepting("Bearer new")
        let sut = makeSUT(server: server, refresh: refresh, onWait: lateOnesWaiting.record(.refresh))

        let rejected = Task { try await sut.load(request: TestRequest(path: "first")) }
        try await refresh.started.wait()
        let late = try await concurrently(2) { index in try await sut.load(request: TestRequest(path: "late\(index)")) }

        #expect(try await rejected.value.1.statusCode == 200)
        #expect(late.allSatisfy { $0.1.statusCode == 200 })
        let sent = await server.requests
        #expect(sent.filter { $0.headers?["Authorization"] == "Bearer old" }.map(\.path) == ["first"])
        #expect(refresh.calls.count == 1)
    }

    @Test func aRequestRejectedWithAnOlderTokenRetriesWithTheCurrentOneWithoutRefreshing() async throws {
        let holdSlow = Gate()
        let refresh = RefreshSpy("Bearer new")
        let server = ScriptedHTTPClient { request in
            let authorization = request.headers?["Authorization"]
            if request.path == "slow" && authorization == "Bearer old" { try await holdSlow.wait() }
            return authorization == "Bearer new" ? (Data("ok".utf8), .status(200)) : (Data(), .status(401))
        }
        let sut = makeSUT(server: server, refresh: refresh)

        let slow = Task { try await sut.load(request: TestRequest(path: "slow")) }
        await server.waitForRequests(count: 1)
        #expect(try await sut.load(request: TestRequest(path: "fast")).1.statusCode == 200)
        await holdSlow.open()

        #expect(try await slow.value.1.statusCode == 200)
        #expect(refresh.calls.count == 1)
    }

    @Test func aFailedRefreshFailsEveryWaiter() async throws {
        let allRejected = Countdown(10)
        let refresh = RefreshSpy(
            [.failure(AnyError(name: "revoked")), .success("Bearer new")], release: allRejected.reached)
        let server = TokenServer.accepting("Bearer new")
        let sut = makeSUT(server: server, refresh: refresh, onWait: allRejected.record(.refresh))

        let outcomes = try await concurrently(10) { _ in
            do {
                _ = try await sut.load(request: TestRequest())
                return "loaded"
            } catch TokenRefreshError.refreshFailed(let underlying) {
                return "\(underlying)"
            }
        }

        #expect(outcomes == Array(repeating: "revoked", count: 10))
        #expect(refresh.calls.count == 1)
        #expect(try await sut.load(request: TestRequest()).1.statusCode == 200)  // a later request tries again
        #expect(refresh.calls.count == 2)
    }

    @Test func theStoredTokenIsReadOnceForConcurrentFirstRequests() async throws {
        let reads = RecordedValues<Int>()
        let allWaiting = Countdown(20)
        let server = TokenServer.accepting("Bearer old")
        let sut = makeSUT(server: server, refresh: RefreshSpy("Bearer new"), onWait: allWaiting.record(.initial)) {
            reads.append(1)
            try await allWaiting.reached.wait()
            return "Bearer old"
        }

        let results = try await concurrently(20) { _ in try await sut.load(request: TestRequest()) }

        #expect(reads.count == 1)
        #expect(results.allSatisfy { $0.1.statusCode == 200 })
    }

    @Test func aCancelledWaiterStopsWaitingWhileTheRefreshGoesOnForTheOthers() async throws {
        let release = Gate()
        let refresh = RefreshSpy("Bearer new", release: release)
        let bothWaiting = Countdown(2)
        let server = TokenServer.accepting("Bearer new")
        let sut = makeSUT(server: server, refresh: refresh, onWait: bothWaiting.record(.refresh))

        let first = Task { try await sut.load(request: TestRequest(path: "first")) }
        try await refresh.started.wait()
        let cancelled = Task { try await sut.load(request: TestRequest(path: "cancelled")) }
        try await bothWaiting.reached.wait()
        cancelled.cancel()

        await #expect(throws: CancellationError.self) { try await cancelled.value }
        await release.open()
        #expect(try await first.value.1.statusCode == 200)
        #expect(refresh.calls.count == 1)
        #expect(await !server.requests.contains { $0.path == "cancelled" })
    }

    private func makeSUT(
        server: ScriptedHTTPClient,
        refresh: RefreshSpy,
        onWait: @escaping @Sendable (TokenSession.Fetch) -> Void = { _ in },
        accessToken: @escaping @Sendable () async throws -> String = { "Bearer old" }
    ) -> any HTTPClient {
        TokenRefreshingHTTPClient(
            client: server, stored: accessToken, refresh: refresh.refresh, limit: .default, clock: ContinuousClock(),
            onWait: onWait)
    }
}

extension Countdown {
    /// A wait observer that counts only the waits for one kind of fetch.
    fileprivate func record(_ kind: TokenSession.Fetch) -> @Sendable (TokenSession.Fetch) -> Void {
        { fetch in if fetch == kind { self.record() } }
    }
}
