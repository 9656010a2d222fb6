import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

/// A base URL with a user name and password never puts them into an archive, and the archive still replays.
struct RecordingCredentialsTests {
    private static let baseURL = "http://user:pw@127.0.0.1:1/"

    @Test func theArchiveNeverHoldsTheBaseURLsPassword() async throws {
        let client = ScriptedHTTPClient(replies: [
            .status(302, headers: ["Location": "http://user:pw@127.0.0.1:1/v1/elsewhere"]),
            .failure(
                HTTPTransportError.cannotConnect(
                    underlying: TestFailure("refused by http://user:pw@127.0.0.1:1/v1/items"))),
            .failure(HTTPTransportError.invalidURL("http://user:pw@127.0.0.1:1/v1/%")),
        ])
        let recorder = HARRecorder()
        let sut = client.recording(to: recorder, baseURL: try #require(URL(string: Self.baseURL)))

        try await sut.load(request: TestRequest(path: "items"))
        await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest(path: "items")) }
        await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest(path: "items")) }

        let json = String(decoding: recorder.archive(), as: UTF8.self)
        #expect(!json.contains("pw"))
        let entries = recorder.document().log.entries
        #expect(entries.map(\.request.url) == Array(repeating: "http://[redacted]@127.0.0.1:1/v1/items", count: 3))
        #expect(entries[0].response.redirectURL == "http://[redacted]@127.0.0.1:1/v1/elsewhere")
        #expect(entries[0].response.headers.map(\.value) == ["http://[redacted]@127.0.0.1:1/v1/elsewhere"])
        #expect(entries[1].transportError?.message == "refused by http://[redacted]@127.0.0.1:1/v1/items")
        #expect(entries[2].error?.contains("http://[redacted]@127.0.0.1:1/v1/%") == true)
    }

    @Test func aRedactedRecordingStillReplays() async throws {
        let recorder = HARRecorder()
        let recording = ScriptedHTTPClient(replies: [.status(200, body: "recorded")])
            .recording(to: recorder, baseURL: try #require(URL(string: Self.baseURL)))
        let request = TestRequest(path: "questions", queryParameter: ["page": "2"])
        try await recording.load(request: request)

        let (data, response) = try await HARReplayClient(archive: recorder.archive()).load(request: request)

        #expect(response.statusCode == 200 && data == Data("recorded".utf8))
    }

    @Test func aMissNamesTheNearestRecordedURLWithoutItsPassword() async throws {
        let entry = HAREntry(
            startedDateTime: "2026-11-20T09:15:02.117Z", time: 1,
            request: HARRequest(method: "GET", url: "https://user:pw@api.test/v1/token", bodySize: 0),
            response: HARResponse(
                status: 200, statusText: "", content: HARContent(size: 0, mimeType: ""), bodySize: -1),
            timings: HARTimings(send: -1, wait: 1, receive: -1))
        let archive = HARArchive(log: HARLog(creator: HARCreator(name: "tests", version: "1"), entries: [entry]))
        let sut = try HARReplayClient(document: archive)

        let error = await #expect(throws: HARReplayError.self) {
            try await sut.load(request: TestRequest(path: "tokens"))
        }

        #expect(error?.nearest == "GET https://[redacted]@api.test/v1/token")
        #expect(error?.description.contains("pw") == false)
    }
}
