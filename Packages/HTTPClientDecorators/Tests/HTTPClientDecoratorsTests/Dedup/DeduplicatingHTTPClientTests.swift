import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import HTTPClientDecorators

@Suite(.timeLimit(.minutes(1)))  // a safety net: a broken single flight would hang, not fail
struct DeduplicatingHTTPClientTests {
    @Test(arguments: [HTTPMethod.get, .head])
    func identicalConcurrentRequestsShareOneLoad(_ method: HTTPMethod) async throws {
        let allJoined = Countdown(10)
        let (sut, client) = makeSUT(replies: [.after(allJoined.reached, .status(200, body: "shared"))], allJoined)
        let request = TestRequest(method: method, headers: ["A": "1"], queryParameter: ["q": "1"], body: Data([1]))

        let results = try await concurrently(10) { _ in try await sut.load(request: request) }

        #expect(results.allSatisfy { $0.0 == Data("shared".utf8) && $0.1.statusCode == 200 })
        #expect(await client.requests == [HTTPRequestSnapshot(request)])
    }

    @Test func everyCallerGetsTheSharedError() async throws {
        let allJoined = Countdown(5)
        let failure = HTTPTransportError.timedOut(underlying: TestFailure("slow"))
        let (sut, client) = makeSUT(replies: [.after(allJoined.reached, .failure(failure))], allJoined)

        let outcomes = try await concurrently(5) { _ in
            do {
                _ = try await sut.load(request: TestRequest())
                return false
            } catch let error as HTTPTransportError {
                return error.matches(failure)
            }
        }

        #expect(outcomes == Array(repeating: true, count: 5))
        #expect(await client.requests.count == 1)
    }

    @Test(arguments: [
        TestRequest(path: "other"), TestRequest(version: "v2"), TestRequest(queryParameter: ["page": "2"]),
        TestRequest(headers: ["Authorization": "Bearer other-user"]), TestRequest(body: Data([2])),
        TestRequest(method: .head),
    ])
    func differentRequestsLoadSeparately(_ other: TestRequest) async throws {
        let bothStarted = Countdown(2)
        let client = ScriptedHTTPClient { request in
            try await bothStarted.reached.wait()
            return (Data(request.path.utf8), .status(200))
        }
        let sut = DeduplicatingHTTPClient(client: client) { _ in bothStarted.record() }

        async let first = sut.load(request: TestRequest())
        async let second = sut.load(request: other)
        _ = try await (first, second)

        #expect(await client.requests.count == 2)
    }

    @Test(arguments: [HTTPMethod.post, .put, .patch, .delete, .options])
    func neverMergesOtherMethods(_ method: HTTPMethod) async throws {
        let client = ScriptedHTTPClient { _ in (Data(), .status(200)) }
        let request = TestRequest(method: method, body: Data("same".utf8))
        let sut = DeduplicatingHTTPClient(client: client) { _ in Issue.record("\(method) went through the merge") }

        _ = try await concurrently(5) { _ in try await sut.load(request: request) }

        #expect(await client.requests.count == 5)
    }

    @Test func aRequestAfterTheLoadFinishedLoadsAgain() async throws {
        let (sut, client) = makeSUT(replies: [.status(200, body: "1"), .status(200, body: "2")])

        let first = try await sut.load(request: TestRequest())
        let second = try await sut.load(request: TestRequest())

        #expect(first.0 == Data("1".utf8) && second.0 == Data("2".utf8))
        #expect(await client.requests.count == 2)
    }

    @Test func oneCancelledCallerLeavesTheOthersTheirResult() async throws {
        let (bothJoined, release) = (Countdown(2), Gate())
        let (sut, client) = makeSUT(replies: [.after(release, .status(200, body: "done"))], bothJoined)

        let staying = Task { try await sut.load(request: TestRequest()) }
        let leaving = Task { try await sut.load(request: TestRequest()) }
        try await bothJoined.reached.wait()
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        await release.open()

        #expect(try await staying.value.0 == Data("done".utf8))
        #expect(await client.requests.count == 1)
    }

    @Test func theLoadIsCancelledOnlyWhenEveryCallerLeft() async throws {
        let (bothJoined, loadCancelled) = (Countdown(2), Gate())
        let client = ScriptedHTTPClient(replies: [
            .after(Gate(), .status(200)),  // never opened: only cancellation ends it
            .status(200, body: "fresh"),
        ])
        let observed = ScriptedHTTPClient { request in
            do {
                return try await client.load(request: request)
            } catch {
                await loadCancelled.open()
                throw error
            }
        }
        let sut = DeduplicatingHTTPClient(client: observed) { _ in bothJoined.record() }

        let callers = [
            Task { try await sut.load(request: TestRequest()) }, Task { try await sut.load(request: TestRequest()) },
        ]
        try await bothJoined.reached.wait()
        for caller in callers { caller.cancel() }
        for caller in callers { await #expect(throws: CancellationError.self) { try await caller.value } }
        try await loadCancelled.wait()

        #expect(try await sut.load(request: TestRequest()).0 == Data("fresh".utf8))
        #expect(await client.requests.count == 2)
    }

    @Test func releasesTheClientAfterUse() async throws {
        func useAndDrop() async throws -> WeakReference<ScriptedHTTPClient> {
            let allJoined = Countdown(3)
            let (sut, client) = makeSUT(replies: [.after(allJoined.reached, .status(200))], allJoined)
            _ = try await concurrently(3) { _ in try await sut.load(request: TestRequest()) }
            return WeakReference(client)
        }

        #expect(try await useAndDrop().object == nil)
    }

    private func makeSUT(
        replies: [Reply], _ joined: Countdown = Countdown(0)
    ) -> (sut: any HTTPClient, client: ScriptedHTTPClient) {
        let client = ScriptedHTTPClient(replies: replies)
        return (DeduplicatingHTTPClient(client: client) { _ in joined.record() }, client)
    }
}

struct SharedLoadsKeyTests {
    @Test func requestsWithEqualSnapshotsHaveEqualKeys() {
        let first = TestRequest(
            headers: ["Accept": "a/b", "X-Long-Header-Name": "1"], queryParameter: ["p": "1", "q": "2"])
        let second = TestRequest(
            headers: ["x-long-header-name": "1", "ACCEPT": "a/b"], queryParameter: ["q": "2", "p": "1"])
        let empty = [TestRequest(headers: [:], queryParameter: [:]), TestRequest()]

        #expect(SharedLoads.Key(first) == SharedLoads.Key(second))
        #expect(SharedLoads.Key(first).hashValue == SharedLoads.Key(second).hashValue)
        #expect(SharedLoads.Key(empty[0]) == SharedLoads.Key(empty[1]))
        #expect(SharedLoads.Key(empty[0]).hashValue == SharedLoads.Key(empty[1]).hashValue)
    }

    @Test(arguments: [
        TestRequest(headers: ["Accept": "a/c"]), TestRequest(headers: ["Accept": "a/b", "B": "1"]),
        TestRequest(headers: ["Accepts": "a/b"]), TestRequest(method: .head, headers: ["Accept": "a/b"]),
    ])
    func requestsWithDifferentSnapshotsHaveDifferentKeys(_ other: TestRequest) {
        #expect(SharedLoads.Key(TestRequest(headers: ["Accept": "a/b"])) != SharedLoads.Key(other))
    }
}
