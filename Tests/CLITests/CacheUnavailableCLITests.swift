import DevServerSupport
import EndToEndSupport
import Foundation
import Testing

/// A cache directory that cannot be used: `questions` and `question` warn once and answer without it;
/// `--offline` fails naming the reason.
@Suite(.timeLimit(.minutes(1)))
struct CacheUnavailableCLITests {
    @Test(arguments: [["questions"], ["questions", "--no-cache"], ["question", "79123456", "--json"]])
    func aFileInTheWayDisablesCachingWithOneWarning(command: [String]) async throws {
        try await withScratchDirectory { scratch in
            let file = scratch.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)
            try await withDevServer { server in
                let outcome = try await NetworkingBinary.run(
                    command, environment: server.environment(["NETWORKING_CACHE_DIR": file.path]))

                #expect(outcome.status == 0, "\(outcome)")
                #expect(!outcome.stdout.isEmpty)
                #expect(outcome.stderr == "networking: caching disabled: \(file.path) is not a directory.\n")
            }
        }
    }

    @Test func aPathUnderARegularFileDisablesCaching() async throws {
        try await withScratchDirectory { scratch in
            let file = scratch.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)
            let cache = file.appendingPathComponent("cache")
            try await withDevServer { server in
                let outcome = try await NetworkingBinary.run(
                    ["questions"], environment: server.environment(["NETWORKING_CACHE_DIR": cache.path]))

                #expect(outcome.status == 0, "\(outcome)")
                #expect(
                    outcome.stderr
                        == "networking: caching disabled: \(cache.path) cannot be created: "
                        + "\(file.path) is not a directory.\n"
                )
            }
        }
    }

    @Test func aMissingHomeIsNotCreated() async throws {
        try await withScratchDirectory { scratch in
            let home = scratch.appendingPathComponent("missing-home-\(UUID())")
            try await withDevServer { server in
                let outcome = try await NetworkingBinary.run(
                    ["question", "79123456"],
                    environment: server.environment([
                        "NETWORKING_CACHE_DIR": "", "XDG_CACHE_HOME": "", "HOME": home.path,
                    ]))

                #expect(outcome.status == 0, "\(outcome)")
                #expect(outcome.stderr == "networking: caching disabled: HOME is \(home.path), which does not exist.\n")
                #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent(".cache/networking").path))
            }
        }
    }

    @Test func offlineFailsNamingTheReasonWithoutSending() async throws {
        try await withScratchDirectory { scratch in
            let file = scratch.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)
            try await withDevServer { server in
                let outcome = try await NetworkingBinary.run(
                    ["questions", "--offline", "--json"],
                    environment: server.environment(["NETWORKING_CACHE_DIR": file.path]))

                #expect(outcome.status == 1, "\(outcome)")
                #expect(outcome.stdout.isEmpty)
                #expect(
                    outcome.stderr.hasPrefix(
                        "networking: --offline cannot answer: the cache is unavailable: "
                            + "\(file.path) is not a directory. "
                    ), "\(outcome)")
                #expect(try await DevServerAdmin(server).count("route:GET /2.3/questions") == 0)
            }
        }
    }
}

/// A new directory under the temporary directory, removed afterwards.
func withScratchDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("networking-scratch-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}
