import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct LoggingHTTPClientStreamingTests {
    @Test func logsTheHeadByteCountsDurationAndBodiesAsOneEntry() async throws {
        let clock = TestClock()
        let client = StreamingScriptedHTTPClient(replies: [
            .status(201, chunks: ["do", "wn"], headers: ["Content-Type": "text/plain"])
        ])
        let (sut, log) = makeSUT(client, clock: clock)
        let request = TestRequest(method: .post, path: "files", headers: ["Authorization": "Bearer secret"])

        let text = try await sut.stream(request: request, body: CountingChunks(["up", "load"]).body, progress: nil) {
            _, body in
            clock.advance(by: .milliseconds(42))
            return String(decoding: try await body.collect(upTo: 100), as: UTF8.self)
        }

        #expect(text == "down")
        #expect(
            log.values == [
                [
                    "Outgoing Network Request ⬆️:",
                    "-------------------------------",
                    "Method: POST",
                    "Path: files",
                    "Version: v1",
                    "Headers:",
                    "    - Authorization: <redacted>",
                    "Body (streamed, 6 bytes sent):",
                    "upload",
                    "",
                    "Incoming Network Response ⬇️ (head after 0.0 ms, done after 42.0 ms):",
                    "------------------------------------------",
                    "StatusCode: 201",
                    "Headers:",
                    "    - Content-Type: text/plain",
                    "Body (streamed, 4 bytes received):",
                    "down",
                ].joined(separator: "\n")
            ])
    }

    @Test func readsASinglePassRequestBodyOnlyThroughTheClient() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200)])
        let upload = CountingChunks(["a", "b", "c"])
        let (sut, log) = makeSUT(client)

        _ = try await sut.streamText(TestRequest(method: .put), body: upload.body)

        let sent = try #require(await client.requests.first)
        #expect(upload.starts.count == 1 && sent.body == Data("abc".utf8) && sent.bodyError == nil)
        #expect(log.values.first?.contains("Body (streamed, 3 bytes sent):\nabc\n") == true)
    }

    @Test func keepsAReplayableRequestBodyReplayableAndStillLogsIt() async throws {
        let replayable = RecordedValues<Bool>()
        let probe = HookedHTTPClient(StreamingScriptedHTTPClient(replies: [.status(200)])) { _, body in
            if let body { replayable.append(body.isReplayable) }
        }
        let (sut, log) = makeSUT(probe)

        _ = try await sut.streamText(TestRequest(method: .post), body: HTTPBody(Data("name=x".utf8)))

        #expect(replayable.values == [true])
        #expect(log.values.first?.contains("Body (streamed, 6 bytes sent):\nname=x\n") == true)
    }

    @Test func capsTheBodiesItLogsButNotWhatTheCallerReads() async throws {
        let response = String(repeating: "r", count: 30)
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: [response])])
        let (sut, log) = makeSUT(client, maxBodyBytes: 8)

        let text = try await sut.streamText(body: CountingChunks(["0123456789", "0123456789"]).body)

        let entry = try #require(log.values.first)
        let sent = await client.requests.first?.body
        #expect(text == response && sent?.count == 20)
        #expect(entry.contains("Body (streamed, 20 bytes sent):\n01234567… (12 more bytes)\n"))
        #expect(entry.hasSuffix("Body (streamed, 30 bytes received):\nrrrrrrrr… (22 more bytes)"))
    }

    @Test func logsOnlySizesWhenTheLimitIsZero() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["secret"])])
        let (sut, log) = makeSUT(client, maxBodyBytes: 0)

        _ = try await sut.streamText(body: CountingChunks(["token"]).body)

        let entry = try #require(log.values.first)
        #expect(entry.contains("Body (streamed, 5 bytes sent):\n<5 bytes>\n"))
        #expect(entry.hasSuffix("Body (streamed, 6 bytes received):\n<6 bytes>"))
        #expect(!entry.contains("secret") && !entry.contains("token"))
    }

    @Test func logsACallerThatStopsReadingEarly() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["abc", "def"])])
        let (sut, log) = makeSUT(client)

        let first = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            var iterator = body.makeAsyncIterator()
            return try await iterator.next()
        }

        #expect(first == Data("abc".utf8))
        #expect(
            log.values.first?.hasSuffix(
                "Body (streamed, 3 bytes received, reading stopped before the end):\nabc… (reading stopped after 3 bytes)"
            ) == true)
    }

    @Test func logsAFailureAfterTheHeadWithWhatArrivedAndRethrowsIt() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(.status(200), steps: [.chunk(Data("par".utf8)), .fail(AnyError(name: "connection lost"))])
        ])
        let (sut, log) = makeSUT(client)

        await #expect(throws: AnyError(name: "connection lost")) { try await sut.streamText() }

        let entry = try #require(log.values.first)
        #expect(log.count == 1)
        #expect(entry.contains("StatusCode: 200"))
        #expect(
            entry.contains(
                "Body (streamed, 3 bytes received, then reading failed):\npar… (reading stopped after 3 bytes)"))
        #expect(
            entry.hasSuffix(
                "Network Request Failed ❌ (after 0.0 ms):\n------------------------------------------\nError: connection lost"
            ))
    }

    @Test func logsAFailureBeforeTheHead() async throws {
        let (sut, log) = makeSUT(StreamingScriptedHTTPClient(replies: []))

        await #expect(throws: ScriptedHTTPClient.ScriptExhausted.self) { try await sut.streamText() }

        let entry = try #require(log.values.first)
        #expect(entry.contains("Network Request Failed ❌") && !entry.contains("Incoming Network Response"))
    }

    @Test func hidesSecretsInABodyCutShort() async throws {
        let json = #"{"user":"bob","access_token":"abcdefghijklmnopqrstuvwxyz","scope":"all"}"#
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: [json])])
        let (sut, log) = makeSUT(client, maxBodyBytes: 40)

        _ = try await sut.streamText(
            body: CountingChunks(["a=1&password=hunter2&", "b=", "xxxxxxxxxxxxxxxxxxxx"]).body)

        let entry = try #require(log.values.first)
        #expect(!entry.contains("abcdefgh") && !entry.contains("hunter2"))
        #expect(entry.contains(#"{"user":"bob","access_token":"<redacted>"… ("#))
        #expect(entry.contains("a=1&password=<redacted>&b=xxxx"))
    }

    @Test func redactsAndPrettyPrintsAWholeJSONBody() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: [#"{"password":"#, #""p","a":1}"#])])
        let (sut, log) = makeSUT(client)

        _ = try await sut.streamText()

        let entry = try #require(log.values.first)
        #expect(!entry.contains(#""p""#) && entry.contains("<redacted>"))
        let lines = entry.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0 == #""password" : "<redacted>""# || $0 == #""password": "<redacted>""# })
    }

    @Test func passesProgressOnUnchanged() async throws {
        let reports = RecordedValues<HTTPTransferProgress>()
        let (sut, _) = makeSUT(StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["ab", "c"])]))

        _ = try await sut.streamText(body: HTTPBody(Data("xy".utf8))) { reports.append($0) }

        #expect(reports.values.map(\.bytesReceived) == [0, 2, 3] && reports.values.allSatisfy { $0.bytesSent == 2 })
    }

    @Test func releasesTheClientAndTheSinkAfterAStream() async throws {
        func useAndDrop() async throws -> (WeakReference<StreamingScriptedHTTPClient>, WeakReference<TokenSource>) {
            let sink = TokenSource()
            let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["a"])])
            let sut = client.loggingRequestAndResponse { _ in _ = sink.token() }
            _ = try await sut.streamText(body: CountingChunks(["b"]).body)
            return (WeakReference(client), WeakReference(sink))
        }

        let (client, sink) = try await useAndDrop()

        #expect(client.object == nil && sink.object == nil)
    }

    private func makeSUT(
        _ client: any HTTPClient, clock: TestClock = TestClock(), maxBodyBytes: Int = 4_096
    ) -> (sut: any HTTPClient, log: RecordedValues<String>) {
        let log = RecordedValues<String>()
        let sut = client.loggingRequestAndResponse(maxBodyBytes: maxBodyBytes, clock: clock) { log.append($0) }
        return (sut, log)
    }
}
