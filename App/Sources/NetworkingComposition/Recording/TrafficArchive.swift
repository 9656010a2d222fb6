import Foundation
import HTTPArchive
import HTTPCaching
import HTTPClient
import HTTPClientDecorators

/// `--record` and `--replay`: the recorder every chain writes to, and the archive every chain answers from.
package struct TrafficArchive {
    /// `--replay FILE` cannot be used: the file is unreadable or not HAR.
    package struct ReplayFileError: Error, CustomStringConvertible {
        /// The archive's path, as given.
        package let path: String
        /// Why it cannot be read.
        package let underlying: any Error
        package var description: String { "--replay \(path): \(underlying)" }
    }

    /// Collects every chain's traffic, when `--record` was given.
    package let recorder: HARRecorder?
    /// Answers every chain, when `--replay` was given.
    package let replay: HARReplayClient?
    /// The recorded loads still running, when `--record` was given.
    package let inFlight: InFlightLoads?
    /// Where the recording goes (`--record FILE`), or `nil` for none.
    package let recordPath: String?

    /// Reads the archive at `replayPath` (`--replay`), if any, and prepares the recorder for `recordPath`
    /// (`--record`), if any.
    /// - Throws: ``ReplayFileError`` naming the file and the reason.
    package init(recordPath: String?, replayPath: String?) throws(ReplayFileError) {
        self.recordPath = recordPath
        recorder = recordPath.map { _ in HARRecorder() }
        inFlight = recordPath.map { _ in InFlightLoads() }
        guard let path = replayPath else {
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
    package func transport(_ live: @escaping HTTPClientFactory.MakeTransport) -> HTTPClientFactory.MakeTransport {
        guard let replay else { return live }
        return { _, _ in replay }
    }

    /// The response cache a command runs with. Replaying uses none: the archive is the whole truth, and a
    /// cached answer would hide what it holds. Recording reloads (unless `--offline`): a fresh cached answer
    /// would send nothing, and the archive would miss the request.
    package func cache(_ directory: URL?, mode: HTTPCachePolicy.Mode) -> ResponseCache? {
        guard replay == nil, let directory else { return nil }
        return ResponseCache(directory: directory, mode: recorder != nil && mode == .normal ? .reload : mode)
    }
}
