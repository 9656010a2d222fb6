import DevServerSupport
import EndToEndSupport
import Foundation
import Testing

/// `networking cache info` and `networking cache clear`, and the ceiling on the API's backoff.
@Suite(.timeLimit(.minutes(1)))
struct CacheCommandCLITests {
    @Test func infoCountsWhatIsCachedAndClearRemovesEntriesAndBackoffWaits() async throws {
        try await withScratchDirectory { scratch in
            let cache = scratch.appendingPathComponent("cache")
            try await withDevServer { server in
                let environment = server.environment(["NETWORKING_CACHE_DIR": cache.path])
                let admin = try DevServerAdmin(server)
                let empty = try await NetworkingBinary.run(["cache", "info"], environment: environment)
                try await admin.post("backoff", json: #"{"seconds": 120, "count": 1}"#)
                _ = try await NetworkingBinary.run(["questions"], environment: environment)
                let info = try await NetworkingBinary.run(["cache", "info"], environment: environment)
                let clear = try await NetworkingBinary.run(["cache", "clear"], environment: environment)
                let again = try await NetworkingBinary.run(["cache", "clear"], environment: environment)
                let unblocked = try await NetworkingBinary.run(["questions", "--page", "2"], environment: environment)

                #expect(empty.status == 0 && empty.stdout.contains("Entries: 0\n"), "\(empty)")
                #expect(info.status == 0, "\(info)")
                #expect(info.stdout.hasPrefix("Location: \(cache.path)\nEntries: 1\nBytes: "), "\(info)")
                #expect(info.stdout.contains("Backoff waits: 1\n"), "\(info)")
                #expect(clear.status == 0, "\(clear)")
                #expect(clear.stdout.hasPrefix("Removed 1 entry ("), "\(clear)")
                #expect(clear.stdout.hasSuffix(" bytes) and 1 backoff wait from \(cache.path).\n"), "\(clear)")
                #expect(again.stdout == "The cache in \(cache.path) is already empty.\n", "\(again)")
                #expect(unblocked.status == 0, "\(unblocked)")
                #expect(try await admin.count("route:GET /2.3/questions") == 2)
            }
        }
    }

    @Test func infoSaysWhyCachingIsDisabled() async throws {
        try await withScratchDirectory { scratch in
            let file = scratch.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)

            let info = try await NetworkingBinary.run(
                ["cache", "info"], environment: ["NETWORKING_CACHE_DIR": file.path])
            let clear = try await NetworkingBinary.run(
                ["cache", "clear"], environment: ["NETWORKING_CACHE_DIR": file.path])

            #expect(info.status == 0, "\(info)")
            #expect(info.stdout.contains("Caching is disabled: \(file.path) is not a directory.\n"), "\(info)")
            #expect(clear.status == 5 && clear.stdout.isEmpty, "\(clear)")
            #expect(clear.stderr.contains("the cache is unavailable: \(file.path) is not a directory."), "\(clear)")
            #expect(try Data(contentsOf: file) == Data("x".utf8))
        }
    }

    @Test func aHugeBackoffIsCappedAtADayAndTheMessageSaysHowToClearIt() async throws {
        try await withScratchDirectory { scratch in
            let cache = scratch.appendingPathComponent("cache")
            try await withDevServer { server in
                let environment = server.environment(["NETWORKING_CACHE_DIR": cache.path])
                try await DevServerAdmin(server).post("backoff", json: #"{"seconds": 4611686018427387904, "count": 1}"#)
                let first = try await NetworkingBinary.run(["questions"], environment: environment)
                let blocked = try await NetworkingBinary.run(["questions", "--page", "2"], environment: environment)

                #expect(first.status == 0, "\(first)")
                #expect(blocked.status == 2, "\(blocked)")
                let left = try #require(blocked.stderr.firstMatch(of: /\(([0-9]+) seconds left\)/)).1
                #expect((86_000...86_400).contains(Int(left) ?? 0), "\(blocked)")
                #expect(blocked.stderr.contains("run `networking cache clear` to forget the wait."), "\(blocked)")
                #expect(blocked.stderr.firstMatch(of: /[0-9]{6,}/) == nil, "\(blocked)")
            }
        }
    }
}
