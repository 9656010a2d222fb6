import CommandLineKit
import NetworkingComposition

extension TrafficArchive {
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
