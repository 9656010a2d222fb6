import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct RetryingHTTPClientTests {
    @Test func retriesRetryableStatusesUntilOneSucceeds() async throws {
        let (sut, client, delays) = makeSUT([.status(503), .status(500), .status(200, body: "ok")])
        let request = TestRequest(headers: ["A": "1"], queryParameter: ["q": "1"])

        let (data, response) = try await sut.load(request: request)

        #expect(response.statusCode == 200 && data == Data("ok".utf8))
        #expect(await client.requests == Array(repeating: HTTPRequestSnapshot(request), count: 3))
        #expect(delays.values == [.seconds(1), .seconds(2)])
    }

    @Test func returnsTheLastResponseWhenTheAttemptsRunOut() async throws {
        let (sut, client, delays) = makeSUT([.status(502), .status(503), .status(504, body: "last"), .status(200)])

        let (data, response) = try await sut.load(request: TestRequest())

        #expect(response.statusCode == 504 && data == Data("last".utf8))
        #expect(await client.requests.count == 3)
        #expect(delays.count == 2)
    }

    @Test func rethrowsTheLastErrorAfterTransientFailures() async throws {
        let last = HTTPTransportError.connectionLost(underlying: TestFailure("third"))
        let (sut, client, _) = makeSUT([
            .failure(HTTPTransportError.timedOut(underlying: TestFailure("first"))),
            .failure(HTTPTransportError.cannotConnect(underlying: TestFailure("second"))), .failure(last),
        ])

        let thrown = await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }
        #expect(thrown?.matches(last) == true)
        #expect(await client.requests.count == 3)
    }

    @Test func retriesAThrownHTTPErrorWithARetryableStatus() async throws {
        let (sut, client, delays) = makeSUT([
            .failure(HTTPError.httpCode(statusCode: 429, data: Data())), .status(200),
        ])

        try await sut.load(request: TestRequest())

        #expect(await client.requests.count == 2)
        #expect(delays.values == [.seconds(1)])
    }

    @Test(arguments: ["POST", "PATCH", "M-SEARCH", "get"])
    func neverSendsANonIdempotentRequestTwice(_ token: String) async throws {
        let method = try #require(HTTPMethod(rawValue: token))
        let (sut, client, _) = makeSUT([
            .status(503), .failure(HTTPTransportError.timedOut(underlying: TestFailure("t"))),
        ])

        let (_, response) = try await sut.load(request: TestRequest(method: method))
        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await sut.load(request: TestRequest(method: method))
        }
        #expect(thrown?.matches(HTTPTransportError.timedOut(underlying: TestFailure("t"))) == true)

        #expect(response.statusCode == 503)
        #expect(await client.requests.count == 2)
    }

    @Test func retriesTheMethodsThePolicyNames() async throws {
        let (sut, client, _) = makeSUT([.status(503), .status(201)], policy: RetryPolicy(retryableMethods: [.post]))

        let (_, response) = try await sut.load(request: TestRequest(method: .post))

        #expect(response.statusCode == 201)
        #expect(await client.requests.count == 2)
    }

    @Test(arguments: [200, 201, 304, 400, 401, 404, 501])
    func returnsOtherStatusesAtOnce(_ code: Int) async throws {
        let (sut, client, _) = makeSUT([.status(code), .status(200)])

        let (_, response) = try await sut.load(request: TestRequest())

        #expect(response.statusCode == code)
        #expect(await client.requests.count == 1)
    }

    @Test(arguments: [
        HTTPError.httpCode(statusCode: 404, data: Data()) as any Error, HTTPTransportError.invalidURL("x"),
        HTTPTransportError.secureConnectionFailed(underlying: TestFailure("tls")), AnyError(),
    ])
    func rethrowsOtherErrorsAtOnce(_ error: any Error) async throws {
        let (sut, client, _) = makeSUT([.failure(error), .status(200)])

        await #expect(throws: (any Error).self) { try await sut.load(request: TestRequest()) }
        #expect(await client.requests.count == 1)
    }

    @Test(arguments: [CancellationError() as any Error, HTTPTransportError.cancelled])
    func neverRetriesCancellation(_ error: any Error) async throws {
        let (sut, client, delays) = makeSUT([.failure(error), .status(200)])

        await #expect(throws: (any Error).self) { try await sut.load(request: TestRequest()) }
        #expect(await client.requests.count == 1)
        #expect(delays.count == 0)
    }

    @Test func stopsAtOnceWhenTheCallerIsCancelledWhileWaiting() async throws {
        let (sleeping, neverOpened) = (Gate(), Gate())
        let client = ScriptedHTTPClient(replies: [.status(503), .status(200)])
        let sut = RetryingHTTPClient(
            client: client,
            clock: TestClock { _ in
                await sleeping.open()
                try await neverOpened.wait()
            })

        let load = Task { try await sut.load(request: TestRequest()) }
        try await sleeping.wait()
        load.cancel()

        await #expect(throws: CancellationError.self) { try await load.value }
        #expect(await client.requests.count == 1)
    }

    @Test func stopsWhenCancelledEvenIfTheSleepDoesNotThrow() async throws {
        let (sleeping, resume) = (Gate(), Gate())
        let client = ScriptedHTTPClient(replies: [.status(503), .status(200)])
        let sut = RetryingHTTPClient(
            client: client,
            clock: TestClock { _ in
                await sleeping.open()
                _ = try? await Task { try await resume.wait() }.value  // an unstructured wait ignores cancellation
            })

        let load = Task { try await sut.load(request: TestRequest()) }
        try await sleeping.wait()
        load.cancel()
        await resume.open()

        await #expect(throws: CancellationError.self) { try await load.value }
        #expect(await client.requests.count == 1)
    }

    @Test(arguments: [0, -3])
    func treatsAttemptsBelowOneAsOne(_ maxAttempts: Int) async throws {
        let (sut, client, _) = makeSUT([.status(503), .status(200)], policy: RetryPolicy(maxAttempts: maxAttempts))

        let (_, response) = try await sut.load(request: TestRequest())

        #expect(response.statusCode == 503)
        #expect(await client.requests.count == 1)
    }

    @Test func defaultPolicyRetriesIdempotentMethodsThreeTimes() {
        let policy = RetryPolicy.default

        #expect(policy.maxAttempts == 3 && policy.baseDelay == .milliseconds(500) && policy.maxDelay == .seconds(30))
        #expect(policy.retryableStatusCodes == [408, 429, 500, 502, 503, 504])
        #expect(policy.retryableMethods == [.get, .head, .put, .delete, .options, .trace])
    }

    @Test func releasesTheClientAndItsClosuresAfterUse() async throws {
        func useAndDrop() async throws -> (WeakReference<ScriptedHTTPClient>, WeakReference<TokenSource>) {
            let captured = TokenSource()
            let client = ScriptedHTTPClient(replies: [.status(503), .status(200)])
            let sut = RetryingHTTPClient(
                client: client, clock: TestClock { _ in _ = captured.token() },
                random: { _ in captured.value.isEmpty ? 0 : 1 })
            try await sut.load(request: TestRequest())
            return (WeakReference(client), WeakReference(captured))
        }

        let (client, captured) = try await useAndDrop()

        #expect(client.object == nil && captured.object == nil)
    }

    private func makeSUT(
        _ replies: [Reply], policy: RetryPolicy = RetryPolicy(baseDelay: .seconds(1))
    ) -> (sut: any HTTPClient, client: ScriptedHTTPClient, delays: RecordedValues<Duration>) {
        let client = ScriptedHTTPClient(replies: replies)
        let delays = RecordedValues<Duration>()
        let sut = RetryingHTTPClient(
            client: client, policy: policy, clock: TestClock { delays.append($0) }, random: \.upperBound)
        return (sut, client, delays)
    }
}

struct RetryingSafeToRepeatTests {
    @Test func retriesAPostThatIsSafeToRepeatAfter503WithRetryAfter() async throws {
        let delays = RecordedValues<Duration>()
        let client = ScriptedHTTPClient(replies: [
            .status(503, headers: ["Retry-After": "2"]), .status(201, body: "token"),
        ])
        let sut = RetryingHTTPClient(client: client, clock: TestClock { delays.append($0) }, random: \.upperBound)
        var request = TestRequest(method: .post, body: Data("grant".utf8))
        request.isSafeToRepeat = true

        let (data, response) = try await sut.load(request: request)

        #expect(response.statusCode == 201 && data == Data("token".utf8))
        #expect(await client.requests == Array(repeating: HTTPRequestSnapshot(request), count: 2))
        #expect(delays.values == [.seconds(2)])
    }

    @Test func sendsAPostThatIsNotSafeToRepeatOnce() async throws {
        let client = ScriptedHTTPClient(replies: [.status(503, headers: ["Retry-After": "2"]), .status(201)])
        let sut = RetryingHTTPClient(client: client, clock: TestClock { _ in }, random: \.upperBound)

        let (_, response) = try await sut.load(request: TestRequest(method: .post))

        #expect(response.statusCode == 503)
        #expect(await client.requests.count == 1)
    }

    @Test func aSafeToRepeatRequestFollowsTheSameRulesAsAGet() async throws {
        let client = ScriptedHTTPClient(replies: [
            .failure(HTTPTransportError.connectionLost(underlying: TestFailure("dropped"))),
            .status(429, headers: ["Retry-After": "99"]),
            .status(200),
        ])
        let delays = RecordedValues<Duration>()
        let sut = RetryingHTTPClient(
            client: client, policy: RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(10)),
            clock: TestClock { delays.append($0) }, random: \.upperBound)
        var request = TestRequest(method: .patch)
        request.isSafeToRepeat = true

        let (_, response) = try await sut.load(request: request)

        #expect(response.statusCode == 429)  // Retry-After beyond maxDelay ends the retries, as for a GET
        #expect(delays.values == [.seconds(1)])
        #expect(await client.requests.count == 2)
    }
}
