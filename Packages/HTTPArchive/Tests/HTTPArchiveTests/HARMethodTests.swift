import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Methods `HTTPMethod` has no member for, written to a HAR and replayed from it.
struct HARMethodTests {
    @Test func anUnknownMethodIsRecordedAsSpelledAndReplaysFromTheArchive() async throws {
        let method = try #require(HTTPMethod(rawValue: "M-SEARCH"))
        let client = ScriptedHTTPClient(replies: [.status(200, body: "found")])
        let recorder = HARRecorder()
        let recording = client.recording(to: recorder, baseURL: try url("https://api.example.com/"))
        try await recording.load(request: TestRequest(method: method, path: "devices"))

        #expect(try onlyEntry(of: recorder).request.method == "M-SEARCH")
        let replay = try HARReplayClient(archive: recorder.archive())
        let (data, response) = try await replay.load(request: TestRequest(method: method, path: "devices"))
        #expect(data == Data("found".utf8) && response.statusCode == 200)
        await #expect(throws: HARReplayError.self) {
            try await replay.load(request: TestRequest(method: .get, path: "devices"))
        }
    }

    @Test func aRecordedUnknownMethodAnswersOnlyThatMethod() async throws {
        let json = """
            {"log": {"version": "1.2", "creator": {"name": "proxy", "version": "1"}, "entries": [{
              "startedDateTime": "2026-11-20T09:15:02.117Z", "time": 1,
              "request": {"method": "PROPFIND", "url": "https://dav.example/v1/files", "httpVersion": "HTTP/1.1",
                "cookies": [], "headers": [], "queryString": [], "headersSize": -1, "bodySize": 0},
              "response": {"status": 207, "statusText": "Multi-Status", "httpVersion": "HTTP/1.1", "cookies": [],
                "headers": [], "content": {"size": 2, "mimeType": "application/xml", "text": "<>"},
                "redirectURL": "", "headersSize": -1, "bodySize": 2},
              "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}]}}
            """
        let replay = try HARReplayClient(archive: Data(json.utf8))
        let propfind = try #require(HTTPMethod(rawValue: "PROPFIND"))

        let (data, response) = try await replay.load(request: TestRequest(method: propfind, path: "files"))

        #expect(data == Data("<>".utf8) && response.statusCode == 207)
        let other = try #require(HTTPMethod(rawValue: "PROPPATCH"))
        await #expect(throws: HARReplayError.self) {
            try await replay.load(request: TestRequest(method: other, path: "files"))
        }
    }
}
