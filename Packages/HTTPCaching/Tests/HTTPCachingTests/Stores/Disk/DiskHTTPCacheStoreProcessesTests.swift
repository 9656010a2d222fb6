import DevServerSupport
import Foundation
import HTTPCaching
import HTTPClient
import Testing

/// Eight processes writing and reading one directory at once, with evictions on the way.
@Suite(.timeLimit(.minutes(2)))
struct DiskHTTPCacheStoreProcessesTests {
    @Test func eightProcessesShareOneDirectoryWithoutATornRead() async throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try DiskHTTPCacheStore(directory: directory)
        let executable = try StressWorker.locate()

        let outcomes = try await withThrowingTaskGroup(of: StressWorker.Outcome.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    try await StressWorker.run(
                        executable, [directory.path, String(worker), "300", String(StressWorker.byteLimit)])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(outcomes.count == 8)
        for outcome in outcomes {
            #expect(outcome.status == 0, "\(outcome.output)")
            #expect(outcome.output.hasSuffix("torn=0\n"), "\(outcome.output)")
        }
        #expect(outcomes.contains { !$0.output.contains(" hits=0 ") }, "no worker read anything back")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.contains { $0.hasPrefix(".tmp-") }, "a temporary file was left behind")
        let store = try DiskHTTPCacheStore(directory: directory, byteLimit: StressWorker.byteLimit)
        let files = try StoreFixtures.entryFiles(in: directory).count
        var readable = 0
        for item in 0..<24 {
            let key = HTTPCacheKey(rawValue: "GET v1/shared?item=\(item)", resource: "v1/shared")
            for variant in 0..<3 where store.entry(for: key, where: { $0.variant["accept"] == String(variant) }) != nil
            {
                readable += 1
            }
        }
        #expect(try StoreFixtures.entryFiles(in: directory).count == files, "reading removed no damaged file")
        #expect(readable > 0 && readable <= files, "every variant read back is a whole entry in its own file")
    }
}

/// The `disk-cache-stress` executable, built beside the tests.
enum StressWorker {
    /// Small enough that the workers evict each other's entries while they run.
    static let byteLimit = 40_000

    struct Outcome: Sendable {
        let status: Int32
        let output: String
    }

    struct Missing: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "disk-cache-stress was not found (build with --build-tests); looked in: \(searched.joined(separator: ", "))"
        }
    }

    static func run(_ executable: URL, _ arguments: [String]) async throws -> Outcome {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(UUID().uuidString)")
        try Data().write(to: output)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        let status = try await process.runUntilExit()
        return Outcome(status: status, output: String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }

    /// The executable next to the test runner: SwiftPM builds both into the same directory.
    static func locate() throws -> URL {
        var candidates: [URL] = []
        for start in [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments.first ?? "")] {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("disk-cache-stress"))
                directory.deleteLastPathComponent()
            }
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Missing(searched: candidates.map(\.path))
        }
        return found
    }
}
