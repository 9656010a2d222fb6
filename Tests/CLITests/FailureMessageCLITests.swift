import DevServerSupport
import Foundation
import Testing

/// Failure messages: one sentence saying what happened, then advice that fits the cause; no `NSError` dumps;
/// with `--json`, nothing on standard output.
@Suite(.timeLimit(.minutes(1)))
struct FailureMessageCLITests {
    @Test func anUnreachableServerGetsNetworkAdvice() async throws {
        let closed = try ReservedPort()
        let outcome = try await NetworkingBinary.run(
            ["questions"], environment: ["NETWORKING_QUESTIONS_URL": "http://127.0.0.1:\(closed.port)"])

        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("networking: Could not load the top questions: Could not connect"))
        #expect(
            outcome.stderr.hasSuffix(
                "). Check the network connection and that the server is running, then try again.\n"))
        withExtendedLifetime(closed) {}
    }

    @Test func aReplayMissGetsNoNetworkAdvice() async throws {
        try await withScratchDirectory { scratch in
            let archive = try writeArchive(in: scratch, contentType: "application/json", body: "{}", url: "/2.3/other")
            let outcome = try await NetworkingBinary.run(["--replay", archive.path, "questions"])

            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderr.contains("No recorded response for GET /2.3/questions"), "\(outcome)")
            #expect(
                outcome.stderr.hasSuffix(
                    ". Record the request with --record first, or replay an archive that holds it.\n"))
            #expect(!outcome.stderr.contains("Check the network"), "\(outcome)")
        }
    }

    @Test func aWrongContentTypeExits3WithoutNetworkAdvice() async throws {
        try await withScratchDirectory { scratch in
            let archive = try writeArchive(in: scratch, contentType: "text/html", body: "<html></html>")
            let outcome = try await NetworkingBinary.run(["--replay", archive.path, "questions", "--json"])

            #expect(outcome.status == 3, "\(outcome)")
            #expect(outcome.stdout.isEmpty)
            #expect(
                outcome.stderr
                    == "networking: Could not load the top questions: The response's Content-Type \"text/html\" is not "
                    + "one the request accepts (\"application/json\"). "
                    + "Check that the base URL points at the API's server.\n"
            )
        }
    }

    @Test func aFileThatCannotBeWrittenIsAPlainSentence() async throws {
        try await withScratchDirectory { scratch in
            let path = scratch.appendingPathComponent("missing/avatar.png").path
            try await withDevServer { server in
                let outcome = try await NetworkingBinary.run(
                    ["question", "79123456", "--save-avatar", path], environment: server.environment())

                #expect(outcome.status == 5, "\(outcome)")
                #expect(
                    outcome.stderr.hasSuffix(
                        "networking: Could not save the avatar: Could not write \(path): the folder does not exist. "
                            + "Create the folder first, or choose another path.\n"), "\(outcome)")
                #expect(!outcome.stderr.contains("Error Domain"))
            }
        }
    }

    @Test func aJSONRunWhoseRecordingCannotBeWrittenLeavesStandardOutputEmpty() async throws {
        try await withScratchDirectory { scratch in
            let file = scratch.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)
            try await withDevServer { server in
                let outcome = try await NetworkingBinary.run(
                    ["questions", "--json", "--record", file.appendingPathComponent("run.har").path],
                    environment: server.environment())

                #expect(outcome.status == 5, "\(outcome)")
                #expect(outcome.stdout.isEmpty, "\(outcome)")
                #expect(!outcome.stderr.isEmpty)
            }
        }
    }

    @Test(arguments: ["http://[::1]:3000", "http://[::1]:3000/api/"])
    func anIPv6LiteralBaseURLIsRefusedBeforeAnyRequestOverURLSession(url: String) async throws {
        let outcome = try await NetworkingBinary.run(
            ["--transport", "urlsession", "--base-url", url, "questions", "--json"])

        #if canImport(FoundationNetworking)
            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr.hasPrefix("networking: --base-url uses the IPv6 address [::1]"), "\(outcome)")
        #endif
    }

    /// A HAR archive whose one entry answers `GET url` with a 200 of `contentType`.
    private func writeArchive(
        in directory: URL, contentType: String, body: String,
        url: String = "/2.3/questions?order=desc&page=1&pagesize=10&site=stackoverflow&sort=votes&tagged=swiftui"
    ) throws -> URL {
        let entry: [String: Any] = [
            "startedDateTime": "2024-01-01T00:00:00Z", "time": 1,
            "request": [
                "method": "GET", "url": "http://127.0.0.1:1" + url, "httpVersion": "HTTP/1.1", "headers": [],
                "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0,
            ],
            "response": [
                "status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
                "headers": [["name": "Content-Type", "value": contentType]], "cookies": [],
                "content": ["size": body.utf8.count, "mimeType": contentType, "text": body], "redirectURL": "",
                "headersSize": -1, "bodySize": body.utf8.count,
            ],
            "cache": [:], "timings": ["send": 0, "wait": 1, "receive": 0],
        ]
        let document: [String: Any] = [
            "log": ["version": "1.2", "creator": ["name": "tests", "version": "1"], "entries": [entry]]
        ]
        let file = directory.appendingPathComponent("archive.har")
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        return file
    }
}
