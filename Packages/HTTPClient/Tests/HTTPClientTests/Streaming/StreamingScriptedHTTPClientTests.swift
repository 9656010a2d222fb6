import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

struct StreamingScriptedHTTPClientTests {
    @Test func recordsTheStreamedBodyAndDeliversTheScriptedChunks() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["he", "llo"])])

        let chunks = try await client.stream(
            request: TestRequest(method: .post), body: HTTPBody(singlePass([Data("up".utf8)]), length: .known(2)),
            progress: nil
        ) { _, body in
            var chunks: [String] = []
            for try await chunk in body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
            return chunks
        }

        #expect(chunks == ["he", "llo"])
        let sent = try #require(await client.requests.first)
        #expect(sent.body == Data("up".utf8))
        #expect(sent.request.method == .post)
    }

    @Test func aSinglePassBodySentTwiceIsRecordedWithItsError() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(503), .status(200)])
        let body = HTTPBody(singlePass([Data("once".utf8)]), length: .unknown)

        try await client.stream(request: TestRequest(), body: body, progress: nil) { _, _ in }
        await #expect(throws: HTTPBodyError.self) {
            try await client.stream(request: TestRequest(), body: body, progress: nil) { _, _ in }
        }

        let second = try #require(await client.requests.last)
        #expect(second.bodyError is HTTPBodyError)
        #expect(second.body == nil)
    }

    @Test func aFailStepInterruptsTheBodyAfterItsChunks() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(statusCode: 200),
                steps: [.chunk(Data("ab".utf8)), .fail(TransferInterrupted())])
        ])
        let received = RecordedValues<Data>()

        await #expect(throws: TransferInterrupted()) {
            try await client.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                for try await chunk in body { received.append(chunk) }
            }
        }

        #expect(received.values == [Data("ab".utf8)])
    }

    @Test func aWaitStepHoldsTheBodyUntilItsGateOpens() async throws {
        let gate = Gate()
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(statusCode: 200), steps: [.chunk(Data("a".utf8)), .wait(gate), .chunk(Data("b".utf8))])
        ])
        let firstChunk = Gate()

        let transfer = Task {
            try await client.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                var collected = Data()
                for try await chunk in body {
                    collected.append(chunk)
                    await firstChunk.open()
                }
                return collected
            }
        }
        try await firstChunk.wait()
        while await gate.waiterCount == 0 { await Task.yield() }
        await gate.open()

        #expect(try await transfer.value == Data("ab".utf8))
    }

    @Test func reportsProgressMonotonicallyToTheDeclaredLength() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(statusCode: 200), steps: [.chunk(Data("abc".utf8)), .chunk(Data("de".utf8))],
                length: .known(5))
        ])
        let reports = RecordedValues<HTTPTransferProgress>()

        let data = try await client.stream(
            request: TestRequest(), body: HTTPBody(Data("xy".utf8)), progress: reports.append
        ) {
            _, body in try await body.collect(upTo: 10)
        }

        #expect(data == Data("abcde".utf8))
        #expect(reports.values.map(\.bytesReceived) == [0, 3, 5])
        #expect(reports.values.allSatisfy { $0.bytesSent == 2 && $0.bytesExpectedToReceive == 5 })
    }

    @Test func aDeclaredLengthIsEnforcedOnTheBody() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(HTTPResponse(statusCode: 200), steps: [.chunk(Data("abc".utf8))], length: .known(5))
        ])

        await #expect(throws: HTTPBodyError.self) { try await client.load(request: TestRequest()) }
    }

    @Test func loadCollectsAndAnExhaustedScriptThrows() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(201, chunks: ["o", "k"])])

        let (data, response) = try await client.load(request: TestRequest(body: Data("own".utf8)))

        #expect(data == Data("ok".utf8))
        #expect(response.statusCode == 201)
        #expect(await client.requests.first?.body == Data("own".utf8))
        await #expect(throws: ScriptedHTTPClient.ScriptExhausted.self) { try await client.load(request: TestRequest()) }
    }
}
