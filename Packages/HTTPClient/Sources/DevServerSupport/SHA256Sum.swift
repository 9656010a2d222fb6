import Foundation

/// SHA-256 by the system's `sha256sum` (coreutils; `shasum -a 256` where it is missing), fed chunk by chunk
/// through a pipe: a body of any size is hashed in constant memory, at the speed of C even in debug builds.
/// Tests compare what they sent or received with the digest the dev server's Files API lists.
///
/// ```swift
/// let digest = try SHA256Sum()
/// for try await chunk in body { try digest.update(chunk) }
/// #expect(try digest.finalize() == expected)
/// ```
public final class SHA256Sum {
    /// The tool could not be started, failed, or printed no digest.
    public struct Error: Swift.Error, CustomStringConvertible {
        /// What went wrong, with the tool's exit status and what it printed.
        public let description: String
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// Starts the tool, reading the message from a pipe.
    /// - Throws: The error of `Process.run()` when the tool could not be started.
    public init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = Self.command
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Adds `data` to the message.
    public func update(_ data: Data) throws {
        try input.fileHandleForWriting.write(contentsOf: data)
    }

    /// Ends the message and returns its digest in lowercase hexadecimal.
    /// - Throws: ``Error`` when the tool failed or printed no digest.
    public func finalize() throws -> String {
        try input.fileHandleForWriting.close()
        let printed = try output.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        return try Self.digest(in: printed, status: process.terminationStatus)
    }

    /// The digest of `data` in lowercase hexadecimal.
    public static func hex(_ data: Data) throws -> String {
        let sum = try SHA256Sum()
        try sum.update(data)
        return try sum.finalize()
    }

    /// The digest of the file at `url` in lowercase hexadecimal.
    public static func hex(contentsOf url: URL) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command + [url.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = try output.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        return try digest(in: printed, status: process.terminationStatus)
    }

    private static var command: [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let hasSHA256Sum = path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/sha256sum")
        }
        return hasSHA256Sum ? ["sha256sum"] : ["shasum", "-a", "256"]
    }

    private static func digest(in printed: Data, status: Int32) throws -> String {
        let digest = String(decoding: printed.prefix(64), as: UTF8.self)
        guard status == 0, digest.count == 64 else {
            throw Error(description: "sha256sum exited with status \(status), printing \(digest)")
        }
        return digest
    }
}
