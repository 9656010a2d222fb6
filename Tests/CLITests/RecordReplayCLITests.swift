import DevServerSupport
import Foundation
import Testing

/// `--record FILE.har` and `--replay FILE.har`: what a recorded run printed, a replay prints, with no network.
@Suite(.timeLimit(.minutes(1)))
struct RecordReplayCLITests {
    @Test func replayingARecordedQuestionsRunPrintsTheSameJSON() async throws {
        let archive = try temporaryFile()
        var live: NetworkingBinary.Outcome?
        try await withDevServer { server in
            live = try await NetworkingBinary.run(
                ["questions", "--json", "--tagged", "swift", "--record", archive.path],
                environment: server.environment())
        }

        let replayed = try await NetworkingBinary.runOffline([
            "--replay", archive.path, "questions", "--json", "--tagged", "swift",
        ])

        let recorded = try #require(live)
        #expect(recorded.status == 0, "\(recorded)")
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.stdout == recorded.stdout)
        #expect(replayed.stderr.isEmpty)
    }

    @Test func aQuestionReplaysWithItsAvatarFromTheImageChain() async throws {
        let archive = try temporaryFile()
        var live: NetworkingBinary.Outcome?
        try await withDevServer { server in
            live = try await NetworkingBinary.run(
                ["question", "78650033", "--json", "--record", archive.path], environment: server.environment())
        }

        let replayed = try await NetworkingBinary.runOffline([
            "question", "78650033", "--json", "--replay", archive.path,
        ])

        let recorded = try #require(live)
        #expect(recorded.status == 0 && replayed.status == 0, "\(recorded)\n\(replayed)")
        #expect(replayed.stdout == recorded.stdout)
        #expect(recorded.stdout.contains("\"avatar\""))
        #expect(try urls(in: archive).contains { $0.hasSuffix(".png") })
    }

    @Test func theTokenChainsAreRecordedWithTheTokenRedacted() async throws {
        let archive = try temporaryFile()
        var live: NetworkingBinary.Outcome?
        try await withDevServer { server in
            live = try await NetworkingBinary.run(
                ["token", "--record", archive.path], environment: server.environment())
        }

        let outcome = try #require(live)
        #expect(outcome.status == 0, "\(outcome)")
        let token = try #require(
            outcome.stdout.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let text = try String(contentsOf: archive, encoding: .utf8)
        #expect(!text.contains(token), "the stored token reached the archive")
        #expect(try urls(in: archive).contains { $0.hasSuffix("/v1/auth/token") }, "the token-issuing chain")
        #expect(try urls(in: archive).contains { $0.hasSuffix("/v1/token") }, "the token chain")
        #expect(text.contains("[redacted]"))
    }

    @Test func aRequestTheArchiveLacksExits1NamingIt() async throws {
        let archive = try temporaryFile()
        try await withDevServer { server in
            _ = try await NetworkingBinary.run(
                ["questions", "--json", "--record", archive.path], environment: server.environment())
        }

        let outcome = try await NetworkingBinary.runOffline(["questions", "--page", "7", "--replay", archive.path])

        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("No recorded response for GET /2.3/questions?"))
        #expect(outcome.stderr.contains("page=7"))
        #expect(outcome.stderr.contains("the nearest recorded request is GET"))
    }

    @Test(arguments: [("not json", "the file is not JSON"), (#"{"log": {}}"#, "log.entries is missing")])
    func aFileThatIsNotHARExits64WithTheReason(content: String, reason: String) async throws {
        let archive = try temporaryFile()
        try Data(content.utf8).write(to: archive)

        let outcome = try await NetworkingBinary.run(["questions", "--replay", archive.path])

        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains("--replay \(archive.path)"))
        #expect(outcome.stderr.contains(reason))
    }

    @Test func aFileThatCannotBeReadExits64() async throws {
        let missing = try temporaryFile()

        let outcome = try await NetworkingBinary.run(["token", "--replay", missing.path])

        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains("Cannot read the archive \(missing.path)"))
    }

    @Test func aFailingCommandStillWritesItsRecording() async throws {
        let archive = try temporaryFile()

        let outcome = try await NetworkingBinary.runOffline(["--record", archive.path, "questions", "--json"])

        #expect(outcome.status == 1, "\(outcome)")
        let entries = try entries(in: archive)
        #expect(!entries.isEmpty)
        #expect(entries.allSatisfy { ($0["response"] as? [String: Any])?["status"] as? Int == 0 })
        #expect(entries.allSatisfy { ($0["_error"] as? String)?.contains("Could not connect") == true })
    }

    @Test func recordingAfterACachedRunStillRecordsEveryRequest() async throws {
        let archive = try temporaryFile()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("networking-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        var outcomes: [NetworkingBinary.Outcome] = []
        try await withDevServer { server in
            let environment = server.environment(["NETWORKING_CACHE_DIR": cache.path])
            outcomes.append(try await NetworkingBinary.run(["questions", "--json"], environment: environment))
            outcomes.append(
                try await NetworkingBinary.run(
                    ["questions", "--json", "--record", archive.path], environment: environment))
        }

        #expect(outcomes.map(\.status) == [0, 0], "\(outcomes)")
        #expect(
            try urls(in: archive).contains { $0.contains("/2.3/questions?") }, "a cache hit kept it from the archive")
        let replayed = try await NetworkingBinary.runOffline(["questions", "--json", "--replay", archive.path])
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.stdout == outcomes[1].stdout)
    }

    @Test(arguments: ["--offline", "--no-cache"])
    func replayingWithACacheOptionIsAUsageError(option: String) async throws {
        let archive = try temporaryFile()
        try Data(#"{"log": {"version": "1.2", "entries": []}}"#.utf8).write(to: archive)

        let outcome = try await NetworkingBinary.run(["questions", option, "--replay", archive.path])

        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains("--replay answers from the archive alone"))
    }

    private func temporaryFile() throws -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("networking-\(UUID()).har")
    }

    private func entries(in archive: URL) throws -> [[String: Any]] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: archive)) as? [String: Any]
        let log = try #require(document?["log"] as? [String: Any])
        return try #require(log["entries"] as? [[String: Any]])
    }

    private func urls(in archive: URL) throws -> [String] {
        try entries(in: archive).compactMap { ($0["request"] as? [String: Any])?["url"] as? String }
    }
}
