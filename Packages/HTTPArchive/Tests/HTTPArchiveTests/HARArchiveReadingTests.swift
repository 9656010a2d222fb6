import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Archives written by other tools, and documents that are not archives.
struct HARArchiveReadingTests {
    @Test func repliesFromAChromeExport() async throws {
        let sut = try HARReplayClient(archive: try fixture("chrome-export.har"))
        let query = [
            "order": "desc", "sort": "votes", "site": "stackoverflow", "tagged": "swift;swiftui", "pagesize": "1",
            "page": "1",
        ]

        let first = try await sut.load(request: TestRequest(path: "questions", version: "2.3", queryParameter: query))
        let second = try await sut.load(request: TestRequest(path: "questions", version: "2.3", queryParameter: query))
        let (avatar, avatarResponse) = try await sut.load(
            request: TestRequest(path: "avatars/amara.png", version: "", queryParameter: ["s": "128"]))

        #expect(String(decoding: first.0, as: UTF8.self).contains("70012345"))
        #expect(String(decoding: second.0, as: UTF8.self).contains("70099999"))
        #expect(
            first.1.headers?["content-encoding"] == "br", "the body is already decoded; the header stays as recorded")
        #expect(first.1.headers?[":status"] == nil)
        #expect(avatar.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(avatarResponse.headers?["Content-Type"] == "image/png")
        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await sut.load(
                request: TestRequest(path: "info", version: "2.3", queryParameter: ["site": "stackoverflow"]))
        }
        #expect(
            thrown?.matches(
                HTTPTransportError.cannotConnect(underlying: HARRecordedError(message: "net::ERR_CONNECTION_REFUSED")))
                == true)
    }

    @Test func repliesFromAMitmproxyHardump() async throws {
        let sut = try HARReplayClient(archive: try fixture("mitmproxy-hardump.har"))
        let query = [
            "order": "desc", "sort": "votes", "site": "stackoverflow", "tagged": "swiftui", "pagesize": "2",
            "page": "1", "filter": "default",
        ]

        let (questions, response) = try await sut.load(
            request: TestRequest(path: "questions", version: "2.3", queryParameter: query))
        let (avatar, _) = try await sut.load(request: TestRequest(path: "cdn/avatars/zoe-laurent.png", version: ""))
        let (_, unavailable) = try await sut.load(request: TestRequest(path: "faults/status/503", version: ""))
        let (token, _) = try await sut.load(request: TestRequest(method: .post, path: "auth/token", version: "v1"))

        let items = try JSONSerialization.jsonObject(with: questions) as? [String: Any]
        #expect((items?["items"] as? [Any])?.count == 2, "mitmproxy's text is the decoded body, not gzip")
        #expect(response.statusCode == 200 && response.headers?["Content-Encoding"] == "gzip")
        #expect(avatar.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(unavailable.statusCode == 503)
        #expect(String(decoding: token, as: UTF8.self).contains("access_token"))
    }

    @Test func readsAnArchiveWithOnlyTheFieldsReplayNeeds() async throws {
        let minimal =
            #"{"log":{"entries":[{"request":{"method":"GET","url":"http://h/v1/resource"},"#
            + #""response":{"status":204}}]}}"#

        let sut = try HARReplayClient(archive: Data(minimal.utf8))

        let (data, response) = try await sut.load(request: TestRequest())
        #expect(data.isEmpty && response.statusCode == 204)
        #expect(sut.entryCount == 1)
    }

    @Test(
        arguments: [
            ("not json at all", "the file is not JSON"),
            ("", "the file is not JSON"),
            (#"{"entries": []}"#, "log is missing"),
            (#"{"log": {"version": "1.2"}}"#, "log.entries is missing"),
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": "http://h"}}]}}"#,
                "log.entries[0].response is missing"
            ),
            (#"{"log": {"entries": [{"request": {"url": 7}, "response": {}}]}}"#, "log.entries[0].request"),
            (#"[1, 2]"#, "Not a HAR archive"),
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": "/a"}, "response": {"status": 1e300}}]}}"#,
                "log.entries[0].response.status"
            ),
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": "/a", "bodySize": -1e30}, "#
                    + #""response": {}}]}}"#,
                "log.entries[0].request.bodySize"
            ),
        ])
    func rejectsWhatIsNotHARWithAClearReason(text: String, expected: String) throws {
        #expect {
            try HARReplayClient(archive: Data(text.utf8))
        } throws: { error in
            guard let error = error as? HARArchiveError else { return false }
            return error.description.contains(expected)
        }
    }

    @Test func rejectsABase64BodyThatDoesNotDecode() throws {
        let text =
            #"{"log":{"entries":[{"request":{"method":"GET","url":"/a"},"#
            + #""response":{"status":200,"content":{"text":"%%%","encoding":"base64"}}}]}}"#

        #expect(throws: HARArchiveError.invalidEntry(index: 0, reason: "response.content.text is not valid base64")) {
            try HARReplayClient(archive: Data(text.utf8))
        }
    }

    @Test func namesAFileThatCannotBeRead() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID()).har")

        #expect {
            try HARReplayClient(contentsOf: missing)
        } throws: { error in
            guard case .cannotRead(let path, _) = error as? HARArchiveError else { return false }
            return path == missing.path
        }
    }

    @Test func writesAtomicallyAndReadsBack() async throws {
        let recorder = HARRecorder()
        let client = ScriptedHTTPClient(replies: [.status(200, body: "saved")])
        try await client.recording(to: recorder, baseURL: try url("http://h")).load(request: TestRequest())
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID()).har")
        defer { try? FileManager.default.removeItem(at: file) }

        try recorder.write(to: file)

        let replay = try HARReplayClient(contentsOf: file)
        #expect(try await replay.load(request: TestRequest()).0 == Data("saved".utf8))
    }

    @Test func namesAFileThatCannotBeWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-dir-\(UUID())")
        let file = directory.appendingPathComponent("out.har")

        #expect {
            try HARRecorder().write(to: file)
        } throws: { error in
            guard case .cannotWrite(let path, _) = error as? HARArchiveError else { return false }
            return path == file.path
        }
    }
}
