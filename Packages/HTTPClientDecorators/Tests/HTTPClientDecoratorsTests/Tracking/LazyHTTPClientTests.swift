import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct LazyHTTPClientTests {
    @Test func makesNothingUntilTheFirstLoad() {
        let made = RecordedValues<Int>()
        let sut = LazyHTTPClient {
            made.append(made.count)
            return ScriptedHTTPClient.always(200)
        }

        #expect(!sut.isMade)
        #expect(made.count == 0)
    }

    @Test func theFirstLoadMakesTheClientAndLaterLoadsReuseIt() async throws {
        let (made, client) = (RecordedValues<Int>(), ScriptedHTTPClient.always(200, body: "ok"))
        let sut = LazyHTTPClient {
            made.append(made.count)
            return client
        }

        let (data, _) = try await sut.load(request: TestRequest(path: "a"))
        try await sut.load(request: TestRequest(path: "b"))

        #expect(data == Data("ok".utf8))
        #expect(sut.isMade && made.count == 1)
        #expect(await client.requests.map(\.path) == ["a", "b"])
    }

    @Test func concurrentFirstLoadsMakeOneClient() async throws {
        let (made, client) = (RecordedValues<Int>(), ScriptedHTTPClient.always(200))
        let sut = LazyHTTPClient {
            made.append(made.count)
            return client
        }

        _ = try await concurrently(20) { _ in try await sut.load(request: TestRequest()) }

        #expect(made.count == 1)
        #expect(await client.requests.count == 20)
    }

    @Test func aClientThatCannotBeMadeFailsTheLoadAndIsTriedAgain() async throws {
        let attempts = RecordedValues<Int>()
        let sut = LazyHTTPClient {
            attempts.append(attempts.count)
            throw AnyError(name: "not made")
        }

        await #expect(throws: AnyError(name: "not made")) { try await sut.load(request: TestRequest()) }
        await #expect(throws: AnyError(name: "not made")) { try await sut.load(request: TestRequest()) }

        #expect(attempts.values == [0, 1])
        #expect(!sut.isMade)
    }

    @Test func releasesTheClientAndTheMakeClosureWhenDropped() async throws {
        func useAndDrop() async throws -> (WeakReference<ScriptedHTTPClient>, WeakReference<TokenSource>) {
            let (client, captured) = (ScriptedHTTPClient.always(200), TokenSource())
            let sut = LazyHTTPClient {
                _ = captured.token()
                return client
            }
            try await sut.load(request: TestRequest())
            return (WeakReference(client), WeakReference(captured))
        }

        let (client, captured) = try await useAndDrop()

        #expect(client.object == nil && captured.object == nil)
    }
}
