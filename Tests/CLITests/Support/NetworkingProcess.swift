import Foundation
import Synchronization

/// A `networking` run with control over its standard streams and its lifetime, for what
/// ``NetworkingBinary/run(_:environment:input:)`` cannot set up: a closed descriptor or `/dev/full` (through
/// `sh -c 'exec networking … REDIRECTION'`), a pipe with no reader, a signal while a request is in flight.
/// Standard error (and standard output, unless given) go to files in a private temporary directory.
final class NetworkingProcess {
    private let directory: URL
    private let identifier: Int32
    private let exit = ExitStatus()

    /// Starts `networking arguments` with `environment` (plus PATH, HOME, NETWORKING_TRANSPORT when this process
    /// has it, and a cache in the run's directory).
    /// - Parameters:
    ///   - redirection: Shell redirections applied to the executable, for example `">&-"` or `">/dev/full"`.
    ///   - standardOutput: Where standard output goes instead of a file.
    init(
        _ arguments: [String], environment: [String: String] = [:], redirection: String? = nil,
        standardOutput: FileHandle? = nil
    ) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("networking-process-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["stdin", "stdout", "stderr"] {
            try Data().write(to: directory.appendingPathComponent(name))
        }
        let process = Process()
        let binary = try NetworkingBinary.locate()
        if let redirection {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirection)", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        let inherited = ProcessInfo.processInfo.environment.filter {
            ["PATH", "HOME", "NETWORKING_TRANSPORT"].contains($0.key)
        }
        let cache = ["NETWORKING_CACHE_DIR": directory.appendingPathComponent("cache").path]
        process.environment = inherited.merging(cache) { _, new in new }.merging(environment) { _, new in new }
        process.standardInput = try FileHandle(forReadingFrom: directory.appendingPathComponent("stdin"))
        process.standardOutput =
            try standardOutput ?? FileHandle(forWritingTo: directory.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("stderr"))
        let exit = exit
        process.terminationHandler = { exit.finish($0.terminationStatus) }
        try process.run()
        identifier = process.processIdentifier
    }

    /// Kills the process if it is still running (a test that failed before it ended), so none outlives its test.
    deinit {
        if identifier > 0, !exit.hasFinished { kill(identifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Sends `signal` (for example `SIGINT`) to the running process.
    func send(_ signal: Int32) {
        guard identifier > 0 else { return }
        kill(identifier, signal)
    }

    /// Waits for the process to exit and returns how it ended.
    func outcome() async throws -> NetworkingBinary.Outcome {
        let status = await exit.value()
        return NetworkingBinary.Outcome(
            status: status, stdoutData: try Data(contentsOf: directory.appendingPathComponent("stdout")),
            stderr: String(decoding: try Data(contentsOf: directory.appendingPathComponent("stderr")), as: UTF8.self))
    }
}

/// The exit status a termination handler reports, awaited.
private final class ExitStatus: Sendable {
    private let state = Mutex<(status: Int32?, waiter: CheckedContinuation<Int32, Never>?)>((nil, nil))

    func finish(_ status: Int32) {
        let waiter = state.withLock { state in
            state.status = status
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: status)
    }

    var hasFinished: Bool {
        state.withLock { $0.status != nil }
    }

    func value() async -> Int32 {
        await withCheckedContinuation { continuation in
            let status = state.withLock { state in
                if state.status == nil { state.waiter = continuation }
                return state.status
            }
            if let status { continuation.resume(returning: status) }
        }
    }
}
