import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct LazyHTTPClientStreamingTests {
    @Test func makesTheClientOnTheFirstStreamAndStreamsThroughIt() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["a"]), .status(200, chunks: ["b"])])
        let made = RecordedValues<Int>()
        let sut = LazyHTTPClient {
            made.append(made.count + 1)
            return client
        }
        let upload = CountingChunks(["up"])
        #expect(!sut.isMade)

        let first = try await sut.streamText(body: upload.body)
        let second = try await sut.streamText()

        #expect(first == "a" && second == "b" && made.count == 1 && sut.isMade)
        #expect(await client.requests.first?.body == Data("up".utf8) && upload.starts.count == 1)
    }

    @Test func aMakeThatThrowsFailsTheStreamAndTheNextTriesAgain() async throws {
        let attempts = RecordedValues<Int>()
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["ok"])])
        let sut = LazyHTTPClient {
            attempts.append(attempts.count + 1)
            if attempts.count == 1 { throw AnyError() }
            return client
        }

        await #expect(throws: AnyError()) { try await sut.streamText() }
        #expect(try await sut.streamText() == "ok" && attempts.count == 2)
    }
}
