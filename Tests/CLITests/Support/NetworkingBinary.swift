import DevServerSupport
import Foundation

/// The built `networking` executable, run as a subprocess with its standard streams captured.
enum NetworkingBinary {
    /// How one run ended.
    struct Outcome: CustomStringConvertible {
        let status: Int32
        let stdoutData: Data
        let stderr: String

        var stdout: String { String(decoding: stdoutData, as: UTF8.self) }

        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The executable was not found: the tests need `swift build --build-tests` to have built it.
    struct Missing: Error, CustomStringConvertible {
        let searched: [String]

        var description: String {
            "the networking executable was not found (build it with `swift build --build-tests`); looked in: "
                + searched.joined(separator: ", ")
        }
    }

    /// Runs `networking arguments` with only `environment` (plus PATH, HOME, NETWORKING_TRANSPORT when this
    /// process has it, so the whole suite runs over either transport, and a fresh NETWORKING_CACHE_DIR),
    /// `input` on standard input, in `currentDirectory` (this process's when `nil`), and returns once it exited.
    /// Output goes to temporary files, so a full pipe can never block the child.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: Data = Data(), currentDirectory: URL? = nil
    ) async throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("networking-cli-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (inputFile, outputFile, errorFile) = (
            directory.appendingPathComponent("stdin"), directory.appendingPathComponent("stdout"),
            directory.appendingPathComponent("stderr")
        )
        try input.write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        let handles = try (
            FileHandle(forReadingFrom: inputFile), FileHandle(forWritingTo: outputFile),
            FileHandle(forWritingTo: errorFile)
        )
        defer {
            for handle in [handles.0, handles.1, handles.2] { try? handle.close() }
        }

        let process = Process()
        process.executableURL = try locate()
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let inherited = ProcessInfo.processInfo.environment.filter {
            ["PATH", "HOME", "NETWORKING_TRANSPORT"].contains($0.key)
        }
        // A cache of this run's own unless the test names one, so no run answers from another's cache.
        let cache = ["NETWORKING_CACHE_DIR": directory.appendingPathComponent("cache").path]
        process.environment = inherited.merging(cache) { _, new in new }.merging(environment) { _, new in new }
        process.standardInput = handles.0
        process.standardOutput = handles.1
        process.standardError = handles.2
        let status = try await process.runUntilExit()
        return Outcome(
            status: status, stdoutData: try Data(contentsOf: outputFile),
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }

    /// Runs the binary with both APIs pointed at a closed port: any request that reaches the network fails.
    static func runOffline(_ arguments: [String]) async throws -> Outcome {
        let closed = try ReservedPort()
        let url = "http://127.0.0.1:\(closed.port)"
        let outcome = try await run(
            arguments, environment: ["NETWORKING_TOKEN_URL": url, "NETWORKING_QUESTIONS_URL": url])
        withExtendedLifetime(closed) {}
        return outcome
    }

    /// `networking` next to the test runner (SwiftPM builds both into the same directory), else in the
    /// repository's `.build/debug`.
    static func locate(filePath: String = #filePath) throws -> URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        var candidates: [URL] = []
        for start in [Bundle.main.bundleURL, runner] {
            var directory = start
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("networking"))
                directory.deleteLastPathComponent()
            }
        }
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" {
            candidates.append(directory.appendingPathComponent(".build/debug/networking"))
            directory.deleteLastPathComponent()
        }
        guard let found = candidates.first(where: isExecutableFile) else {
            throw Missing(searched: candidates.map(\.path))
        }
        return found
    }

    private static func isExecutableFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: url.path)
    }
}
