import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's standard input, output and error, read and written with `read(2)` and `write(2)`, so an I/O
/// error is a value instead of a crash.
///
/// Create it first thing in `main`, before anything opens a file: a stream the tool was started without
/// (`tool >&-`) is remembered as closed and its descriptor taken by a placeholder, so no file
/// or socket opened later lands on descriptor 0, 1 or 2 and receives the tool's output.
public final class StandardStreams: Sendable {
    /// The first failed write, which decides the exit status (see ``exitStatus(after:toolName:)``).
    private struct State {
        var closed: Set<Int32> = []
        var outputFailure: FileDescriptorIO.Failure?
        var errorFailure: FileDescriptorIO.Failure?
    }

    private let state: Mutex<State>

    /// Takes stock of descriptors 0, 1 and 2 and puts a placeholder on each one that is closed.
    public init() {
        var closed: Set<Int32> = []
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            closed.insert(descriptor)
            Self.occupy(descriptor)
        }
        state = Mutex(State(closed: closed))
    }

    /// The console over these streams: every write goes straight to its descriptor, one at a time.
    public var console: Console {
        Console(
            writeOutput: { self.write($0, to: STDOUT_FILENO) },
            writeOutputBytes: { try self.writeOutput($0) },
            writeError: { self.write($0, to: STDERR_FILENO) },
            readInput: { Data(try self.readInput()) },
            showsProgress: isatty(STDERR_FILENO) == 1)
    }

    /// The status the process exits with, given the command's `status`: a failed write to standard output
    /// decides it (141 for a closed pipe, as a tool killed by `SIGPIPE`; 74, `EX_IOERR`, for any other error,
    /// said on standard error after `toolName` while that still works); a failed write to standard error only
    /// turns success into failure.
    public func exitStatus(after status: Int32, toolName: String) -> Int32 {
        let (output, error) = state.withLock { ($0.outputFailure, $0.errorFailure) }
        if let output {
            guard !output.isBrokenPipe else { return Self.brokenPipeStatus }
            write("\(toolName): could not write to standard output: \(output)\n", to: STDERR_FILENO)
            return Self.ioErrorStatus
        }
        guard status == 0, let error else { return status }
        return error.isBrokenPipe ? Self.brokenPipeStatus : Self.ioErrorStatus
    }

    /// 128 + `SIGPIPE`: what a shell reports for a tool killed by a closed pipe.
    public static let brokenPipeStatus: Int32 = 141
    /// `EX_IOERR` from `sysexits.h`: an error while writing.
    public static let ioErrorStatus: Int32 = 74

    /// Writes `text` to `descriptor` unless an earlier write to it failed; remembers the first failure.
    private func write(_ text: String, to descriptor: Int32) {
        _ = write(Array(text.utf8), to: descriptor)
    }

    /// Writes `bytes` to standard output as ``write(_:to:)`` does, throwing the failure it remembers.
    private func writeOutput(_ bytes: [UInt8]) throws(FileDescriptorIO.Failure) {
        if let failure = write(bytes, to: STDOUT_FILENO) { throw failure }
    }

    /// Writes `bytes` to `descriptor` unless an earlier write to it failed; remembers and returns the first
    /// failure.
    private func write(_ bytes: [UInt8], to descriptor: Int32) -> FileDescriptorIO.Failure? {
        state.withLock { state in
            if let earlier = descriptor == STDOUT_FILENO ? state.outputFailure : state.errorFailure { return earlier }
            let failure: FileDescriptorIO.Failure?
            if state.closed.contains(descriptor) {
                failure = FileDescriptorIO.Failure(code: EBADF)
            } else {
                do throws(FileDescriptorIO.Failure) {
                    try FileDescriptorIO.write(bytes, to: descriptor)
                    failure = nil
                } catch {
                    failure = error
                }
            }
            if descriptor == STDOUT_FILENO { state.outputFailure = failure } else { state.errorFailure = failure }
            return failure
        }
    }

    private func readInput() throws(StandardInputError) -> [UInt8] {
        guard !state.withLock({ $0.closed.contains(STDIN_FILENO) }) else { throw .closed }
        do {
            return try FileDescriptorIO.readToEnd(STDIN_FILENO)
        } catch {
            throw .unreadable(error)
        }
    }

    /// Opens `/dev/null` onto `descriptor`, so the next file the process opens gets another number.
    private static func occupy(_ descriptor: Int32) {
        let placeholder = open("/dev/null", O_RDWR)
        guard placeholder >= 0, placeholder != descriptor else { return }
        dup2(placeholder, descriptor)
        close(placeholder)
    }
}
