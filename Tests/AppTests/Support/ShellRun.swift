import Foundation
import Testing

/// Runs a shell on a script written to a temporary file and returns its standard output.
enum ShellRun {
    /// Whether `path` is an executable, for tests of shells that may not be installed.
    static func isInstalled(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// Writes `script` to a file, runs `shell -c command(file)`, expects exit status 0, returns standard output.
    static func run(_ shell: String, script: String, command: (String) -> String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("networking-completion-\(UUID())")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", command(file.path)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shell) exited \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }
}
