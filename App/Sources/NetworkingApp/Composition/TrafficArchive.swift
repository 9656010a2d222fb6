import CommandLineKit
import Foundation
import HTTPArchive
import HTTPCaching
import HTTPClient
import HTTPClientDecorators

/// `--record` and `--replay`: the recorder every chain writes to, and the archive every chain answers from.
struct TrafficArchive {
    /// `--replay FILE` cannot be used: the file is unreadable or not HAR. A usage error (exit 64).
    struct ReplayFileError: Error, CustomStringConvertible {
        let path: String
        let underlying: any Error
        var description: String { "--replay \(path): \(underlying)" }
    }

    /// Collects every chain's traffic, when `--record` was given.
    let recorder: HARRecorder?
    /// Answers every chain, when `--replay` was given.
    let replay: HARReplayClient?
    /// The recorded loads still running, when `--record` was given.
    let inFlight: InFlightLoads?
    private let recordPath: String?

    /// Reads the `--replay` archive, if any, and prepares the `--record` recorder, if any.
    /// - Throws: ``ReplayFileError`` naming the file and the reason.
    init(_ invocation: Invocation) throws(ReplayFileError) {
        recordPath = invocation.recordPath
        recorder = recordPath.map { _ in HARRecorder() }
        inFlight = recordPath.map { _ in InFlightLoads() }
        guard let path = invocation.replayPath else {
            replay = nil
            return
        }
        do {
            replay = try HARReplayClient(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ReplayFileError(path: path, underlying: error)
        }
    }

    /// The factory's transports, or the archive in their place when replaying.
    func transport(_ live: @escaping HTTPClientFactory.MakeTransport) -> HTTPClientFactory.MakeTransport {
        guard let replay else { return live }
        return { _, _ in replay }
    }

    /// The response cache a command runs with. Replaying uses none: the archive is the whole truth, and a
    /// cached answer would hide what it holds. Recording reloads (unless `--offline`): a fresh cached answer
    /// would send nothing, and the archive would miss the request.
    func cache(_ directory: URL?, mode: HTTPCachePolicy.Mode) -> ResponseCache? {
        guard replay == nil, let directory else { return nil }
        return ResponseCache(directory: directory, mode: recorder != nil && mode == .normal ? .reload : mode)
    }

    /// Writes the `--record` file whatever `status` the command ended with (cancelled too), as `OutputFile`
    /// writes (a new file gets mode 0600: the archive holds the traffic); a file that cannot be written turns
    /// success into ``ExitStatus/localFileFailure``.
    /// A command cancelled by a signal or a timeout returns while its requests are still ending: the archive
    /// waits for them (a few seconds at most), so the cancelled request is in it, with its error.
    func finish(_ status: ExitStatus, console: Console) async -> ExitStatus {
        guard let recorder, let recordPath else { return status }
        await inFlight?.drained(within: .seconds(5))
        do {
            try OutputFile(path: recordPath, newFileMode: 0o600).write(Array(recorder.archive()))
            return status
        } catch {
            console.writeError(Report.line("Could not save the recording (--record)", error))
            return status == .success ? .localFileFailure : status
        }
    }
}
