import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

struct HARReplayClientTests {
    @Test func answersWithTheRecordedBodyStatusAndHeaders() async throws {
        let sut = try makeSUT([entry(url: "http://h/v1/token", status: 201, text: "hello", headers: ["ETag": "1"])])

        let (data, response) = try await sut.load(request: TestRequest(path: "token"))

        #expect(data == Data("hello".utf8))
        #expect(response == HTTPResponse(statusCode: 201, headers: ["ETag": "1"]))
    }

    @Test(
        "the path matches whole or as its end after a slash, whatever the scheme, host, port and base prefix",
        arguments: [
            "http://h/v1/resource", "https://other.example:8443/api/v1/resource", "/prefix/v1/resource",
            "http://h/v1/resource/", "http://h//v1//resource",
        ])
    func matchesThePathSuffixAfterASlash(recordedURL: String) async throws {
        let sut = try makeSUT([entry(url: recordedURL)])

        #expect(try await sut.load(request: TestRequest()).0 == Data("ok".utf8))
    }

    @Test(arguments: ["/v1/resource?next=http://x/y", "http://h/v1/resource?next=http://x/y"])
    func readsARecordedURLWhoseQueryHoldsAnotherURL(recordedURL: String) async throws {
        let sut = try makeSUT([entry(url: recordedURL)])

        let request = TestRequest(queryParameter: ["next": "http://x/y"])
        #expect(try await sut.load(request: request).0 == Data("ok".utf8))
    }

    @Test(arguments: ["http://h/v1/xresource", "http://h/v2/resource", "http://h/v1/resource/more"])
    func doesNotMatchAnotherPath(recordedURL: String) async throws {
        let sut = try makeSUT([entry(url: recordedURL)])

        await #expect(throws: HARReplayError.self) { try await sut.load(request: TestRequest()) }
    }

    @Test func matchesQueryItemsInAnyOrderAndPercentEncoding() async throws {
        let sut = try makeSUT([entry(url: "http://h/v1/resource?tagged=swift%3bswiftui&page=1&q=a%20b")])

        let request = TestRequest(queryParameter: ["page": "1", "q": "a b", "tagged": "swift;swiftui"])
        #expect(try await sut.load(request: request).0 == Data("ok".utf8))
    }

    @Test(arguments: [["page": "2"], ["page": "1", "extra": "x"], [:]] as [HTTPQueryParameter])
    func doesNotMatchOtherQueryItems(query: HTTPQueryParameter) async throws {
        let sut = try makeSUT([entry(url: "http://h/v1/resource?page=1")])

        await #expect(throws: HARReplayError.self) {
            try await sut.load(request: TestRequest(queryParameter: query.isEmpty ? nil : query))
        }
    }

    @Test func aRedactedQueryValueMatchesAnyValueOfThatName() async throws {
        let sut = try makeSUT([entry(url: "http://h/v1/resource?access_token=%5Bredacted%5D&page=1")])

        let request = TestRequest(queryParameter: ["access_token": "s3cret", "page": "1"])
        #expect(try await sut.load(request: request).0 == Data("ok".utf8))
        await #expect(throws: HARReplayError.self) {
            try await sut.load(request: TestRequest(queryParameter: ["refresh_token": "s3cret", "page": "1"]))
        }
        await #expect(throws: HARReplayError.self) {
            try await sut.load(request: TestRequest(queryParameter: ["access_token": "s3cret", "page": "2"]))
        }
    }

    @Test func matchesTheMethodAndIgnoresHeaders() async throws {
        let sut = try makeSUT([entry(method: "POST", url: "http://h/v1/resource", text: "posted")])

        let request = TestRequest(method: .post, headers: ["Authorization": "Bearer other"], body: Data("x".utf8))
        #expect(try await sut.load(request: request).0 == Data("posted".utf8))
        await #expect(throws: HARReplayError.self) { try await sut.load(request: TestRequest(method: .get)) }
    }

    @Test func answersRepeatedRequestsInRecordedOrderThenRepeatsTheLast() async throws {
        let sut = try makeSUT([
            entry(url: "http://h/v1/resource", status: 503, text: "busy"),
            entry(url: "http://h/v1/other", text: "other"),
            entry(url: "http://h/v1/resource", text: "second"),
            entry(url: "http://h/v1/resource", text: "third"),
        ])

        var bodies: [String] = []
        for _ in 0..<5 {
            bodies.append(String(decoding: try await sut.load(request: TestRequest()).0, as: UTF8.self))
        }

        #expect(bodies == ["busy", "second", "third", "third", "third"])
    }

    @Test func namesTheMissingRequestAndTheNearestRecordedOne() async throws {
        let sut = try makeSUT([
            entry(url: "https://api.test/2.3/questions?page=1&site=stackoverflow"),
            entry(url: "https://api.test/v1/token"),
        ])

        let error = await #expect(throws: HARReplayError.self) {
            try await sut.load(
                request: TestRequest(
                    path: "questions", version: "2.3", queryParameter: ["page": "2", "site": "stackoverflow"]))
        }

        #expect(error?.method == "GET")
        #expect(error?.url == "/2.3/questions?page=2&site=stackoverflow")
        #expect(error?.nearest == "GET https://api.test/2.3/questions?page=1&site=stackoverflow")
        #expect(
            error?.description.contains("No recorded response for GET /2.3/questions?page=2&site=stackoverflow") == true
        )
    }

    @Test func throwsTheRecordedTransportErrorForAStatusZeroEntry() async throws {
        var failed = entry(url: "http://h/v1/resource", status: 0, text: nil)
        failed.transportError = HARTransportFailure(kind: "timedOut", message: "after 30 s")

        let sut = try makeSUT([failed])

        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await sut.load(request: TestRequest())
        }
        #expect(
            thrown?.matches(HTTPTransportError.timedOut(underlying: HARRecordedError(message: "after 30 s"))) == true)
    }

    @Test(
        arguments: [
            (
                "net::ERR_CONNECTION_REFUSED",
                HTTPTransportError.cannotConnect(underlying: HARRecordedError(message: "net::ERR_CONNECTION_REFUSED"))
            ),
            ("net::ERR_TIMED_OUT", .timedOut(underlying: HARRecordedError(message: "net::ERR_TIMED_OUT"))),
            ("Connection killed.", .connectionLost(underlying: HARRecordedError(message: "Connection killed."))),
            ("net::ERR_ABORTED", .cancelled),
            ("something odd", .other(underlying: HARRecordedError(message: "something odd"))),
        ])
    func readsOtherToolsErrorTextAsATransportError(message: String, expected: HTTPTransportError) async throws {
        var failed = entry(url: "http://h/v1/resource", status: 0, text: nil)
        failed.error = message

        let sut = try makeSUT([failed])

        let thrown = await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }
        #expect(thrown?.matches(expected) == true)
    }

    @Test func decodesBase64BodiesAndDoesNotUndoAContentEncodingAgain() async throws {
        let bytes = Data([0x1F, 0x8B, 0x00, 0xFF])
        var binary = entry(
            url: "http://h/v1/resource", text: bytes.base64EncodedString(), headers: ["Content-Encoding": "gzip"])
        binary.response.content.encoding = "base64"
        binary.response.content.size = bytes.count

        let (data, response) = try await makeSUT([binary]).load(request: TestRequest())

        #expect(data == bytes)
        #expect(response.headers?["Content-Encoding"] == "gzip")
    }

    @Test func copiesOfOneClientShareTheOrderOfAnswers() async throws {
        let original = try makeSUT([
            entry(url: "http://h/v1/resource", text: "1"), entry(url: "http://h/v1/resource", text: "2"),
        ])
        let copy = original

        _ = try await original.load(request: TestRequest())

        #expect(try await copy.load(request: TestRequest()).0 == Data("2".utf8))
    }

    @Test func replaysWhatARecorderRecorded() async throws {
        let recorder = HARRecorder()
        let live = ScriptedHTTPClient(replies: [
            .status(200, body: #"{"items":[]}"#, headers: ["Content-Type": "application/json"]),
            .response(Data([0, 1, 2, 255]), HTTPResponse(statusCode: 200, headers: ["Content-Type": "image/png"])),
            .failure(HTTPTransportError.connectionLost(underlying: TestFailure("reset"))),
        ])
        let recording = live.recording(to: recorder, baseURL: try url("https://api.test/base/"))
        let requests = [
            TestRequest(path: "questions", version: "2.3", queryParameter: ["q": "a&b=c", "page": "1"]),
            TestRequest(path: "avatar.png", version: ""),
            TestRequest(path: "flaky"),
        ]
        var liveResults: [Result<(Data, HTTPResponse), HTTPTransportError>] = []
        for request in requests {
            liveResults.append(await result { try await recording.load(request: request) })
        }

        let replay = try HARReplayClient(archive: recorder.archive())

        for (request, liveResult) in zip(requests, liveResults) {
            let replayed = await result { try await replay.load(request: request) }
            #expect(String(describing: replayed) == String(describing: liveResult))
        }
    }

    private func result(
        _ load: () async throws -> (Data, HTTPResponse)
    ) async -> Result<(Data, HTTPResponse), HTTPTransportError> {
        do {
            return .success(try await load())
        } catch {
            return .failure(error as? HTTPTransportError ?? .other(underlying: TestFailure("\(error)")))
        }
    }

    private func makeSUT(_ entries: [HAREntry]) throws -> HARReplayClient {
        let archive = HARArchive(log: HARLog(creator: HARCreator(name: "tests", version: "1"), entries: entries))
        return try HARReplayClient(archive: try JSONEncoder().encode(archive))
    }

    private func entry(
        method: String = "GET", url: String, status: Int = 200, text: String? = "ok", headers: [String: String] = [:]
    ) -> HAREntry {
        HAREntry(
            startedDateTime: "2026-11-20T09:15:02.117Z", time: 1,
            request: HARRequest(method: method, url: url, bodySize: 0),
            response: HARResponse(
                status: status, statusText: "",
                headers: headers.sorted { $0.key < $1.key }.map { HARNameValue(name: $0.key, value: $0.value) },
                content: HARContent(size: text?.utf8.count ?? 0, mimeType: "", text: text), bodySize: -1),
            timings: HARTimings(send: -1, wait: 1, receive: -1))
    }
}
