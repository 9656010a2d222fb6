import Foundation

/// Runs the `openssl` command-line tool for tests that make keys and certificates.
public enum OpenSSL {
    /// `openssl` failed; the description has its arguments, exit status and standard error.
    public struct Error: Swift.Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Runs `openssl arguments…` with `input` on its standard input and returns its standard output.
    /// - Throws: ``Error`` when it exits with a failure, or the error starting it.
    @discardableResult
    public static func run(_ arguments: [String], input: Data = Data()) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("openssl-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorLog) }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()
        // The inputs are a few certificates, well under a pipe's buffer, so writing them first cannot block.
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            throw Error(
                description: "openssl \(arguments.joined(separator: " ")) exited with status "
                    + "\(process.terminationStatus): \(errors)")
        }
        return output
    }
}
