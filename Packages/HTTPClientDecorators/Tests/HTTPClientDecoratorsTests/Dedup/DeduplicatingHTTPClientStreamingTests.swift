import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import HTTPClientDecorators

@Suite(.timeLimit(.minutes(1)))  // a safety net: streams wrongly shared would wait for each other forever
struct DeduplicatingHTTPClientStreamingTests {
    @Test(arguments: [HTTPMethod.get, .head])
    func identicalConcurrentStreamsEachGoToTheClient(_ method: HTTPMethod) async throws {
        let bothReceiving = Countdown(2)
        let joins = RecordedValues<Bool>()
        let client = StreamingScriptedHTTPClient(replies: [
            .status(200, chunks: ["one"]), .status(200, chunks: ["two"]),
        ])
        let sut = DeduplicatingHTTPClient(client: client) { joins.append($0) }
        let request = TestRequest(method: method, headers: ["A": "1"])

        let texts = try await concurrently(2) { _ in
            try await sut.stream(request: request, body: nil, progress: nil) { _, body in
                bothReceiving.record()
                try await bothReceiving.reached.wait()  // both streams are open at once
                return String(decoding: try await body.collect(upTo: 10), as: UTF8.self)
            }
        }

        #expect(Set(texts) == ["one", "two"])
        #expect(await client.requests.count == 2 && joins.values.isEmpty)
    }

    @Test func aSinglePassBodyIsReadOnceByTheClient() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["ok"])])
        let upload = CountingChunks(["a", "b"])

        let text = try await client.deduplicatingInFlightRequests().streamText(body: upload.body)

        #expect(text == "ok" && upload.starts.count == 1)
        #expect(await client.requests.first?.body == Data("ab".utf8))
    }
}
