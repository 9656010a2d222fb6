import DevServerSupport
import Foundation
import Testing

/// Runs a shell on a script written to a temporary file and returns its standard output.
enum ShellRun {
    /// Whether `path` is an executable, for tests of shells that may not be installed.
    static func isInstalled(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// Writes `script` to a file, runs `shell -c command(file)`, expects exit status 0, returns standard output.
    ///
    /// The shell writes to a file and is awaited, so no thread of the test run's shared pool blocks on it.
    static func run(_ shell: String, script: String, command: (String) -> String) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("networking-completion-\(UUID())")
        let outputFile = file.appendingPathExtension("out")
        try script.write(to: file, atomically: true, encoding: .utf8)
        try Data().write(to: outputFile)
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: outputFile)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", command(file.path)]
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        let status = try await process.runUntilExit()
        #expect(status == 0, "\(shell) exited \(status)")
        return String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
    }
}
