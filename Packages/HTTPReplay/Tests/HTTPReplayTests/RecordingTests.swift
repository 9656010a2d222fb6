import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import HTTPReplay
import Testing

/// `record`, `once` and `live` over a scripted live client: what is written, and when nothing is.
struct RecordingTests {
    @Test func recordWritesAHAR12FileWithoutTheSecrets() async throws {
        let folder = try TemporaryDirectory()
        let archive = folder.file("Recorded/token.har")
        let live = ScriptedHTTPClient(replies: [
            .status(
                200, body: #"{"access_token":"issued-secret","token_type":"Bearer"}"#,
                headers: ["Set-Cookie": "s=cookie-secret"])
        ])

        try await scope(.replaying(archive.path, mode: .record, live: { live })) {
            let (data, _) = try await Replay.client.load(request: Self.tokenRequest)
            #expect(String(decoding: data, as: UTF8.self).contains("issued-secret"), "the test sees the live answer")
        }

        let text = try String(contentsOf: archive, encoding: .utf8)
        for secret in ["header-secret", "query-secret", "body-secret", "issued-secret", "cookie-secret"] {
            #expect(!text.contains(secret), "\(secret) is in the archive")
        }
        let entries = try JSONDecoder().decode(HARArchive.self, from: Data(text.utf8)).log.entries
        #expect(try JSONDecoder().decode(HARArchive.self, from: Data(text.utf8)).log.version == "1.2")
        #expect(entries.count == 1)
        #expect(entries.first?.request.headers == [HARNameValue(name: "Authorization", value: "[redacted]")])
        #expect(entries.first?.request.url == "http://replay.invalid/v1/auth/token?access_token=%5Bredacted%5D")
        #expect(await live.requests.count == 1)
    }

    @Test func whatRecordWrotePlaysBack() async throws {
        let folder = try TemporaryDirectory()
        let archive = folder.file("token.har")
        let live = ScriptedHTTPClient(replies: [.status(201, body: "stored")])
        try await scope(.replaying(archive.path, mode: .record, live: { live })) {
            _ = try await Replay.client.load(request: Self.tokenRequest)
        }

        try await scope(.replaying(archive.path, mode: .playback)) {
            let (data, response) = try await Replay.client.load(request: Self.tokenRequest)
            #expect(data == Data("stored".utf8))
            #expect(response.statusCode == 201)
        }
    }

    @Test func aFailingTestStillWritesTheArchiveAndSaysSo() async throws {
        let folder = try TemporaryDirectory()
        let archive = folder.file("failing.har")
        let live = ScriptedHTTPClient(replies: [.status(200, body: "seen")])
        let issues = RecordedValues<String>()
        let observer = IssueHandlingTrait.compactMapIssues { issue in
            issues.append(issue.comments.map(\.rawValue).joined())
            return nil
        }

        await #expect(throws: TestFailure.self) {
            try await observer.provideScope(for: try #require(Test.current), testCase: nil) {
                try await scope(.replaying(archive.path, mode: .record, live: { live })) {
                    _ = try await Replay.client.load(request: TestRequest())
                    throw TestFailure("the feature broke")
                }
            }
        }

        #expect(FileManager.default.fileExists(atPath: archive.path))
        #expect(
            issues.values == [
                "Recorded 1 requests to \(archive.path) although the test failed: check the archive before committing it."
            ])
    }

    @Test func onceRecordsWhenTheArchiveIsMissing() async throws {
        let folder = try TemporaryDirectory()
        let archive = folder.file("once.har")
        let live = ScriptedHTTPClient(replies: [.status(200, body: "live")])

        try await scope(.replaying(archive.path, mode: .once, live: { live })) {
            _ = try await Replay.client.load(request: TestRequest())
        }

        #expect(FileManager.default.fileExists(atPath: archive.path))
        #expect(await live.requests.count == 1)
    }

    @Test func oncePlaysAnExistingArchiveBackAndLeavesItAsItWas() async throws {
        let folder = try TemporaryDirectory()
        let archive = try folder.file("once.har", contents: try Data(contentsOf: Self.questionsArchive))
        let before = try Data(contentsOf: archive)

        try await scope(.replaying(archive.path, mode: .once, live: { LiveCalls.fail("once made the live client") })) {
            let (data, _) = try await Replay.client.load(request: TestRequest(path: "counter"))
            #expect(data == Data("first".utf8))
        }

        #expect(try Data(contentsOf: archive) == before)
    }

    @Test(.replaying("Archives/questions.har", mode: .once, live: { LiveCalls.fail("once made the live client") }))
    func onceOnATestPlaysTheArchiveBesideIt() async throws {
        let (data, _) = try await Replay.client.load(request: TestRequest(path: "counter"))

        #expect(data == Data("first".utf8))
    }

    @Test func liveUsesTheLiveClientAndWritesNothing() async throws {
        let folder = try TemporaryDirectory()
        let archive = folder.file("live.har")
        let live = ScriptedHTTPClient(replies: [.status(200, body: "from the server")])

        try await scope(.replaying(archive.path, mode: .live, live: { live })) {
            let (data, _) = try await Replay.client.load(request: TestRequest())
            #expect(data == Data("from the server".utf8))
        }

        #expect(!FileManager.default.fileExists(atPath: archive.path))
    }

    private static let tokenRequest = TestRequest(
        method: .post, path: "auth/token", headers: ["Authorization": "Bearer header-secret"],
        queryParameter: ["access_token": "query-secret"], body: Data(#"{"password":"body-secret","user":"zoe"}"#.utf8))

    private static let questionsArchive = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Archives/questions.har")
}

/// Runs `body` in `trait`'s scope, as the test runner does around a test.
func scope(_ trait: ReplayTrait, _ body: @escaping @Sendable () async throws -> Void) async throws {
    try await trait.provideScope(for: try #require(Test.current), testCase: nil, performing: body)
}
