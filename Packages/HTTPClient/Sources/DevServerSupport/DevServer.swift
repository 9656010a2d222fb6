import Foundation
import HTTPClient
import HTTPClientSupport

/// The repository's `Scripts/dev-server`, started on a free loopback port for end-to-end tests.
///
/// ```swift
/// try await DevServer.run { server in
///     let client = URLSessionClient(baseURL: server.baseURL)
///     // ...
/// }
/// ```
public final class DevServer {
    /// Why the server could not be started.
    public struct Error: Swift.Error, CustomStringConvertible {
        /// What went wrong, including the server's standard error when it exited.
        public let description: String
    }

    /// The server's root URL from its ready line, for example `http://127.0.0.1:54321` (or the `--host` address).
    public let baseURL: URL
    /// The port the server listens on.
    public let port: Int
    /// The certificate of the local CA that signed the server's certificate, from the ready line's `ca=`: set
    /// when the server was started with `--tls` and no certificate of its own.
    public let certificateAuthority: URL?
    private let process: Process
    private let exit: ProcessExit

    private init(process: Process, exit: ProcessExit, ready: ReadyLine) {
        self.process = process
        self.exit = exit
        self.port = ready.port
        self.baseURL = ready.baseURL
        self.certificateAuthority = ready.certificateAuthority
    }

    deinit {
        stop()
    }

    /// Starts a server, runs `body` with it, and stops it whatever happens.
    /// - Parameters:
    ///   - arguments: Extra command-line arguments, for example `["--token-lifetime", "1"]`.
    ///   - filePath: Any file inside the repository; used to find `Scripts/dev-server`.
    ///   - body: The work to do while the server runs.
    /// - Returns: What `body` returns.
    public static func run<T>(
        arguments: [String] = [], filePath: String = #filePath, _ body: (DevServer) async throws -> T
    ) async throws -> T {
        let server = try await start(arguments: arguments, filePath: filePath)
        do {
            let result = try await body(server)
            await server.stopped()
            return result
        } catch {
            await server.stopped()
            throw error
        }
    }

    /// Starts a server and returns once it prints its ready line; call ``stop()`` when done.
    public static func start(arguments: [String] = [], filePath: String = #filePath) async throws -> DevServer {
        let script = try scriptURL(near: filePath)
        let process = Process()
        process.executableURL = script
        process.arguments = ["--port", "0"] + arguments
        let output = Pipe()
        // The server's standard error goes to a file nobody else can name: it is removed once both ends are open,
        // so no log outlives the server, and it is read back only when the server exits before it is ready.
        let errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("dev-server-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        let errorWriter: FileHandle
        let errorReader: FileHandle
        do {
            errorWriter = try FileHandle(forWritingTo: errorLog)
            errorReader = try FileHandle(forReadingFrom: errorLog)
        } catch {
            try? FileManager.default.removeItem(at: errorLog)
            throw error
        }
        try? FileManager.default.removeItem(at: errorLog)
        process.standardOutput = output
        process.standardError = errorWriter
        let exit = ProcessExit()
        process.terminationHandler = { _ in exit.finish() }
        try process.run()
        let handle = output.fileHandleForReading
        let ready: ReadyLine? = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: readReadyLine(from: handle)) }
        }
        guard let ready else {
            process.terminate()
            process.waitUntilExit()
            let stderr = String(decoding: (try? errorReader.readToEnd()) ?? Data(), as: UTF8.self)
            throw Error(description: "dev-server exited before it was ready: \(stderr)")
        }
        return DevServer(process: process, exit: exit, ready: ready)
    }

    /// Stops the server (SIGTERM) and waits for it to exit. Calling it again does nothing.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Stops the server (SIGTERM) and suspends until it exited, without blocking a thread.
    public func stopped() async {
        if process.isRunning { process.terminate() }
        await exit.value()
    }

    /// Whether the server process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The server process's exit status, once it stopped.
    public var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    private struct ReadyLine {
        let port: Int
        let baseURL: URL
        var certificateAuthority: URL?
    }

    /// Reads up to the ready line, `dev-server ready port=<port> url=<url>[ ca=<path>]`; nil when the server exits
    /// first.
    private static func readReadyLine(from handle: FileHandle) -> ReadyLine? {
        var buffer = Data()
        while true {
            let chunk = handle.nextChunk()
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
            let text = String(decoding: buffer, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("dev-server ready port=") {
                return parseReadyLine(line)
            }
        }
    }

    private static func parseReadyLine(_ line: Substring) -> ReadyLine? {
        let fields = line.split(separator: " ")
        func value(_ name: String) -> Substring? {
            fields.first { $0.hasPrefix(name + "=") }?.dropFirst(name.count + 1)
        }
        guard let port = value("port").flatMap({ Int($0) }) else { return nil }
        guard let url = value("url").flatMap({ URL(string: String($0)) }) else {
            return URL(string: "http://127.0.0.1:\(port)").map { ReadyLine(port: port, baseURL: $0) }
        }
        let certificateAuthority = value("ca").map { URL(fileURLWithPath: String($0)) }
        return ReadyLine(port: port, baseURL: url, certificateAuthority: certificateAuthority)
    }

    private static func scriptURL(near filePath: String) throws -> URL {
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("Scripts/dev-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw Error(description: "Scripts/dev-server not found above \(filePath)")
    }
}

/// Resumes whoever awaits a process's exit once its termination handler ran.
private final class ProcessExit: Sendable {
    private let state = LockedValue((exited: false, waiters: [CheckedContinuation<Void, Never>]()))

    func finish() {
        let waiters = state.withLock { state in
            state.exited = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func value() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let exited = state.withLock { state in
                if !state.exited { state.waiters.append(continuation) }
                return state.exited
            }
            if exited { continuation.resume() }
        }
    }
}
