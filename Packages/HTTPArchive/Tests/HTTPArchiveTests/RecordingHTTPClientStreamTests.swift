import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

struct RecordingHTTPClientStreamTests {
    private static let limit = 64 * 1024

    @Test func recordsTheFullSizeAndATextCappedWithAComment() async throws {
        let chunks = [
            Data(repeating: UInt8(ascii: "a"), count: 40_000), Data(repeating: UInt8(ascii: "b"), count: 40_000),
        ]
        let (sut, recorder, _) = try makeSUT(reply(chunks, length: .known(80_000)))

        let read = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            try await body.collect(upTo: .max)
        }

        #expect(read == chunks[0] + chunks[1])
        let content = try onlyEntry(of: recorder).response.content
        #expect(content.size == 80_000)
        #expect(content.text == String(decoding: (chunks[0] + chunks[1]).prefix(Self.limit), as: UTF8.self))
        let comment = try #require(content.comment)
        #expect(comment.contains("truncated") && comment.contains("\(Self.limit) of 80000 bytes"))
    }

    @Test func recordsASmallBodyWholeWithoutAComment() async throws {
        let (sut, recorder, _) = try makeSUT(reply([Data("hel".utf8), Data("lo".utf8)], length: .known(5)))

        let read = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            try await body.collect(upTo: .max)
        }

        #expect(read == Data("hello".utf8))
        let content = try onlyEntry(of: recorder).response.content
        #expect(content == HARContent(size: 5, mimeType: "", text: "hello"))
    }

    @Test func recordsWhatTheReaderReadWhenItStopsEarly() async throws {
        let (sut, recorder, _) = try makeSUT(reply([Data("first".utf8), Data("second".utf8)], length: .known(11)))

        let first = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            var iterator = body.makeAsyncIterator()
            return try await iterator.next()
        }

        #expect(first == Data("first".utf8))
        let response = try onlyEntry(of: recorder).response
        #expect(response.status == 200)
        #expect(response.content.size == 5 && response.content.text == "first")
        #expect(response.content.comment == "The reader stopped after 5 bytes of 11.")
    }

    @Test func recordsWhatArrivedBeforeTheBodyFailedAndRethrows() async throws {
        let failure = TestFailure("connection reset")
        let reply = StreamedReply(HTTPResponse(statusCode: 200), steps: [.chunk(Data("part".utf8)), .fail(failure)])
        let (sut, recorder, _) = try makeSUT(reply)

        await #expect(throws: TestFailure.self) {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                try await body.collect(upTo: .max)
            }
        }

        let content = try onlyEntry(of: recorder).response.content
        #expect(content.size == 4 && content.text == "part")
        #expect(content.comment == "Reading the body failed after 4 bytes: connection reset")
    }

    @Test func recordsASinglePassRequestBodyAsTheTransportReadsIt() async throws {
        let (sut, recorder, client) = try makeSUT(.status(201))
        let parts = [Data("up".utf8), Data("load".utf8)]
        let body = HTTPBody(chunks(parts), length: .known(6))

        try await sut.stream(request: TestRequest(method: .post), body: body, progress: nil) { _, _ in }

        #expect(await client.requests.first?.body == Data("upload".utf8))
        let request = try onlyEntry(of: recorder).request
        #expect(request.bodySize == 6)
        #expect(request.postData?.text == "upload")
        #expect(request.postData?.comment == nil)
    }

    @Test func passesAReplayableRequestBodyOnAndRecordsItsFirstBytes() async throws {
        let (sut, recorder, client) = try makeSUT(.status(201))
        let large = Data(repeating: UInt8(ascii: "x"), count: Self.limit + 10)

        try await sut.stream(request: TestRequest(method: .put), body: HTTPBody(large), progress: nil) { _, _ in }

        #expect(await client.requests.first?.body == large)
        let request = try onlyEntry(of: recorder).request
        #expect(request.bodySize == large.count)
        #expect(request.postData?.text.utf8.count == Self.limit)
        #expect(request.postData?.comment?.contains("truncated") == true)
    }

    @Test func leavesOutATruncatedTextThatMentionsASecretName() async throws {
        let json = Data(#"{"access_token":"secret-value","padding":""#.utf8)
        let filler = Data(repeating: UInt8(ascii: "p"), count: Self.limit)
        let (sut, recorder, _) = try makeSUT(reply([json, filler], length: .unknown))

        try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            for try await _ in body {}
        }

        let content = try onlyEntry(of: recorder).response.content
        #expect(content.text == nil)
        #expect(content.comment?.contains("not recorded") == true)
        #expect(content.size == json.count + filler.count)
        #expect(!String(decoding: recorder.archive(), as: UTF8.self).contains("secret-value"))
    }

    @Test func recordsATransportFailureWithStatusZero() async throws {
        let (sut, recorder, _) = try makeSUT()

        await #expect(throws: ScriptedHTTPClient.ScriptExhausted.self) {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in }
        }

        let entry = try onlyEntry(of: recorder)
        #expect(entry.response.status == 0)
        #expect(entry.error != nil)
    }

    private func reply(_ chunks: [Data], length: HTTPBodyLength) -> StreamedReply {
        StreamedReply(HTTPResponse(statusCode: 200), steps: chunks.map { .chunk($0) }, length: length)
    }

    private func makeSUT(_ replies: StreamedReply...) throws -> (
        sut: any HTTPClient, recorder: HARRecorder, client: StreamingScriptedHTTPClient
    ) {
        let client = StreamingScriptedHTTPClient(replies: replies)
        let recorder = HARRecorder()
        return (client.recording(to: recorder, baseURL: try url("https://api.example.com/")), recorder, client)
    }
}

/// `parts` as a single-pass sequence of chunks.
private func chunks(_ parts: [Data]) -> AsyncStream<Data> {
    AsyncStream { continuation in
        for part in parts { continuation.yield(part) }
        continuation.finish()
    }
}

struct RecordingHTTPClientStreamLifetimeTests {
    @Test func releasesTheClientAndTheRecorderAfterStreaming() async throws {
        func useAndDrop() async throws -> (WeakReference<StreamingScriptedHTTPClient>, WeakReference<HARRecorder>) {
            let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["a", "b"])])
            let recorder = HARRecorder()
            let sut = client.recording(to: recorder, baseURL: try url("https://api.example.com/"))
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                for try await _ in body {}
            }
            return (WeakReference(client), WeakReference(recorder))
        }

        let (client, recorder) = try await useAndDrop()
        #expect(client.object == nil)
        #expect(recorder.object == nil)
    }
}

struct RecordingHTTPClientStreamTextTests {
    @Test func cutsATruncatedTextAtACharacterBoundaryAndSaysHowManyBytesItHolds() async throws {
        let body = Data(repeating: UInt8(ascii: "a"), count: 65_535) + Data("éé".utf8)
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(HTTPResponse(statusCode: 200), steps: [.chunk(body)], length: .known(Int64(body.count)))
        ])
        let recorder = HARRecorder()
        let sut = client.recording(to: recorder, baseURL: try url("https://api.example.com/"))

        try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            for try await _ in body {}
        }

        let content = try onlyEntry(of: recorder).response.content
        #expect(content.encoding == nil)
        #expect(content.text == String(repeating: "a", count: 65_535))
        #expect(content.comment == "The text is truncated: it holds the first 65535 of 65539 bytes.")
    }
}
