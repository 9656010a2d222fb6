import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct ScriptedHTTPClientTests {
    @Test func answersWithRepliesInOrderThenFailsWithTheRequest() async throws {
        let client = ScriptedHTTPClient(replies: [.status(401), .status(200, body: "ok")])

        let first = try await client.load(request: TestRequest(path: "a"))
        let second = try await client.load(request: TestRequest(path: "b"))
        let exhausted = ScriptedHTTPClient.ScriptExhausted(request: HTTPRequestSnapshot(TestRequest(path: "c")))
        await #expect(throws: exhausted) { try await client.load(request: TestRequest(path: "c")) }

        #expect(first.1.statusCode == 401)
        #expect(second == (Data("ok".utf8), HTTPResponse(statusCode: 200)))
        #expect(await client.requests.map(\.path) == ["a", "b", "c"])
    }

    @Test func throwsScriptedErrors() async {
        let client = ScriptedHTTPClient(replies: [.failure(HTTPTransportError.cancelled)])

        let thrown = await #expect(throws: HTTPTransportError.self) { try await client.load(request: TestRequest()) }
        #expect(thrown?.matches(HTTPTransportError.cancelled) == true)
    }

    @Test func fallsBackToTheHandlerWithTheRequest() async throws {
        let client = ScriptedHTTPClient { request in (Data(request.path.utf8), HTTPResponse(statusCode: 200)) }

        let (data, _) = try await client.load(request: TestRequest(path: "echo"))

        #expect(data == Data("echo".utf8))
    }

    @Test func holdsAReplyUntilItsGateOpens() async throws {
        let gate = Gate()
        let client = ScriptedHTTPClient(replies: [.after(gate, .status(204))])

        let load = Task { try await client.load(request: TestRequest()) }
        await client.waitForRequests(count: 1)
        await gate.open()

        #expect(try await load.value.1.statusCode == 204)
    }

    @Test func aHeldReplyEndsWhenItsTaskIsCancelled() async {
        let gate = Gate()
        let client = ScriptedHTTPClient(replies: [.after(gate, .status(204))])

        let load = Task { try await client.load(request: TestRequest()) }
        await client.waitForRequests(count: 1)
        load.cancel()

        await #expect(throws: CancellationError.self) { try await load.value }
    }

    @Test func recordsEveryConcurrentRequest() async throws {
        let client = ScriptedHTTPClient { _ in (Data(), HTTPResponse(statusCode: 200)) }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { try await client.load(request: TestRequest(path: "\(index)")) }
            }
            try await group.waitForAll()
        }

        #expect(Set(await client.requests.map(\.path)).count == 100)
    }
}
