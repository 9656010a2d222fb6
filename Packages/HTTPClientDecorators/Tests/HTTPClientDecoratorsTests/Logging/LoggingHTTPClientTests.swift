import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct LoggingHTTPClientTests {
    @Test func logsTheRequestAndResponseAsOneEntryWithItsDuration() async throws {
        let clock = TestClock()
        let response = Reply.status(200, body: "token", headers: ["Content-Type": "text/plain"])
        let client = ScriptedHTTPClient { _ in
            clock.advance(by: .milliseconds(42))
            return try await response.producedForTest()
        }
        let (sut, log) = makeSUT(client: client, clock: clock)
        let request = TestRequest(
            method: .post, path: "token", version: "v1", headers: ["Accept": "application/json"],
            queryParameter: ["b": "2", "a": "1"], body: Data(#"{"name":"x","list":[1]}"#.utf8))

        try await sut.load(request: request)

        #expect(log.count == 1)
        let lines = try #require(log.values.first).components(separatedBy: "\n")
        #expect(
            Array(lines.prefix(10)) == [
                "Outgoing Network Request ⬆️:",
                "-------------------------------",
                "Method: POST",
                "Path: token",
                "Version: v1",
                "Headers:",
                "    - Accept: application/json",
                "Query-Parameter:",
                "    - a: 1",
                "    - b: 2",
            ])
        #expect(lines.contains("Body:"))
        #expect(lines.contains { $0.contains(#""name" : "x""#) || $0.contains(#""name": "x""#) })
        #expect(
            Array(lines.suffix(8)) == [
                "",
                "Incoming Network Response ⬇️ (after 42.0 ms):",
                "------------------------------------------",
                "StatusCode: 200",
                "Headers:",
                "    - Content-Type: text/plain",
                "Body:",
                "token",
            ])
    }

    @Test func prettyPrintsJSONBodies() async throws {
        let (sut, log) = makeSUT(client: ScriptedHTTPClient(replies: [.status(200, body: #"{"b":1,"a":{"c":true}}"#)]))

        try await sut.load(request: TestRequest())

        let entry = try #require(log.values.first)
        let body = try #require(entry.components(separatedBy: "Body:\n").last)
        #expect(body.components(separatedBy: "\n").count > 3)
        #expect(try #require(body.range(of: "\"a\"")).lowerBound < #require(body.range(of: "\"b\"")).lowerBound)
    }

    @Test func logsFailuresAndRethrowsThem() async throws {
        let failure = HTTPTransportError.timedOut(underlying: TestFailure("no answer"))
        let (sut, log) = makeSUT(client: ScriptedHTTPClient(replies: [.failure(failure)]))

        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await sut.load(request: TestRequest(path: "slow"))
        }
        #expect(thrown?.matches(failure) == true)

        let entry = try #require(log.values.first)
        #expect(log.count == 1)
        #expect(entry.contains("Path: slow"))
        #expect(entry.contains("Network Request Failed ❌ (after 0.0 ms):"))
        #expect(entry.contains("Error: \(failure)"))
    }

    @Test func cutsLargeBodiesWithANote() async throws {
        let body = String(repeating: "a", count: 5_000)
        let (sut, log) = makeSUT(client: ScriptedHTTPClient(replies: [.status(200, body: body)]))

        try await sut.load(request: TestRequest())

        let entry = try #require(log.values.first)
        #expect(entry.hasSuffix(String(repeating: "a", count: 4_096) + "… (904 more bytes)"))
        #expect(!entry.contains(String(repeating: "a", count: 4_097)))
    }

    @Test func cutsOnACharacterBoundary() async throws {
        let client = ScriptedHTTPClient(replies: [.status(200, body: "ééé")])
        let (sut, log) = makeSUT(client: client, maxBodyBytes: 3)

        try await sut.load(request: TestRequest())

        #expect(try #require(log.values.first).hasSuffix("Body:\né… (4 more bytes)"))
    }

    @Test func describesBinaryAndEmptyBodies() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF])
        let client = ScriptedHTTPClient(replies: [.response(png, .status(200)), .status(204)])
        let (sut, log) = makeSUT(client: client)

        try await sut.load(request: TestRequest(method: .put, body: Data([0, 1, 2])))
        try await sut.load(request: TestRequest())

        #expect(log.values[0].contains("Body:\n<3 bytes of binary data>"))
        #expect(log.values[0].hasSuffix("Body:\n<10 bytes of binary data>"))
        #expect(log.values[1].hasSuffix("StatusCode: 204\nBody:\n<empty>"))
    }

    @Test func logsOnlyBodySizesWhenTheLimitIsZero() async throws {
        let (sut, log) = makeSUT(client: ScriptedHTTPClient(replies: [.status(200, body: "secret")]), maxBodyBytes: 0)

        try await sut.load(request: TestRequest())

        #expect(try #require(log.values.first).hasSuffix("Body:\n<6 bytes>"))
    }

    @Test func concurrentRequestsNeverInterleave() async throws {
        let client = ScriptedHTTPClient { request in (Data("reply-\(request.path)".utf8), .status(200)) }
        let (sut, log) = makeSUT(client: client)

        _ = try await concurrently(50) { index in try await sut.load(request: TestRequest(path: "\(index)")) }

        #expect(log.count == 50)
        for entry in log.values {
            let path = try #require(entry.components(separatedBy: "\n").first { $0.hasPrefix("Path: ") }?.dropFirst(6))
            #expect(entry.hasSuffix("Body:\nreply-\(path)"))
            #expect(entry.components(separatedBy: "Outgoing Network Request").count == 2)
        }
    }

    @Test func bothFormsBuildALoggingClient() {
        let client = ScriptedHTTPClient.always(200)

        #expect(client.loggingRequestAndResponse() is LoggingHTTPClient)
        #expect(
            client.loggingRequestAndResponse(redacting: ["X-Key"], maxBodyBytes: 0, to: { _ in }) is LoggingHTTPClient)
    }

    @Test func theConfigurableFormLogsOnlyBodySizesWhenToldTo() async throws {
        let log = RecordedValues<String>()
        let sut = ScriptedHTTPClient.always(200, body: "secret body").loggingRequestAndResponse(maxBodyBytes: 0) {
            log.append($0)
        }

        try await sut.load(request: TestRequest(method: .post, body: Data("sent body".utf8)))

        let entry = try #require(log.values.first)
        #expect(entry.contains("<9 bytes>") && entry.contains("<11 bytes>"))
        #expect(!entry.contains("secret body") && !entry.contains("sent body"))
    }

    @Test func releasesTheClientAndTheSinkAfterUse() async throws {
        func useAndDrop() async throws -> (WeakReference<ScriptedHTTPClient>, WeakReference<TokenSource>) {
            let sink = TokenSource()
            let client = ScriptedHTTPClient.always(200)
            let sut = client.loggingRequestAndResponse { _ in _ = sink.token() }
            try await sut.load(request: TestRequest())
            return (WeakReference(client), WeakReference(sink))
        }

        let (client, sink) = try await useAndDrop()

        #expect(client.object == nil && sink.object == nil)
    }

    private func makeSUT(
        client: ScriptedHTTPClient, clock: TestClock = TestClock(), maxBodyBytes: Int = 4_096
    ) -> (sut: any HTTPClient, log: RecordedValues<String>) {
        let log = RecordedValues<String>()
        let sut = LoggingHTTPClient(
            client: client, maxBodyBytes: maxBodyBytes, clock: clock, log: { log.append($0) })
        return (sut, log)
    }
}

extension Reply {
    /// The reply's body and response, for handlers that build on a reply.
    fileprivate func producedForTest() async throws -> (Data, HTTPResponse) {
        try await ScriptedHTTPClient(replies: [self]).load(request: TestRequest())
    }
}
