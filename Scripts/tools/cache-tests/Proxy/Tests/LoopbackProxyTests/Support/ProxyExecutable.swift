import DevServerSupport
import Foundation

/// The built `cache-tests-proxy` executable, run as a child process.
enum ProxyExecutable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A running proxy process, and the URL from its ready line.
    struct Running {
        let process: Process
        let url: String
    }

    /// Runs `cache-tests-proxy arguments` to its end; returns the exit status and standard error.
    static func run(_ arguments: [String]) async throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = try locate()
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let status = try await process.runUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (status, stderr)
    }

    /// Starts `cache-tests-proxy arguments` and returns once it printed its ready line.
    static func start(_ arguments: [String]) async throws -> Running {
        let process = Process()
        process.executableURL = try locate()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let handle = output.fileHandleForReading
        let line: String? = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: readLine(from: handle)) }
        }
        let prefix = "listening on "
        guard let line, line.hasPrefix(prefix) else {
            process.terminate()
            throw Failure(description: "cache-tests-proxy printed \(line ?? "nothing") instead of its ready line")
        }
        return Running(process: process, url: String(line.dropFirst(prefix.count)))
    }

    /// The first line `handle` gives, without its line feed; `nil` when it ends first.
    private static func readLine(from handle: FileHandle) -> String? {
        var buffer = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                return String(decoding: buffer[..<end], as: UTF8.self)
            }
        }
    }

    /// `cache-tests-proxy` next to the test runner (SwiftPM builds both into the same directory).
    private static func locate() throws -> URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        var candidates: [URL] = []
        for start in [Bundle.main.bundleURL, runner] {
            var directory = start
            for _ in 0..<3 {
                candidates.append(directory.appendingPathComponent("cache-tests-proxy"))
                directory.deleteLastPathComponent()
            }
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Failure(
                description: "cache-tests-proxy not found (build with --build-tests); looked in "
                    + candidates.map(\.path).joined(separator: ", "))
        }
        return found
    }
}
