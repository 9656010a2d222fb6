import Foundation
import HTTPClientTestSupport
import Testing

/// Standard streams that fail: a full device, a closed descriptor, a pipe nobody reads. The tool never crashes;
/// it exits 74 (`EX_IOERR`) saying why, 141 for a closed pipe, 64 when standard input is missing.
@Suite(.timeLimit(.minutes(1)))
struct ConsoleIOCLITests {
    @Test func helpToAFullDeviceExits74SayingWhy() async throws {
        let outcome = try await NetworkingProcess(["--help"], redirection: ">/dev/full").outcome()

        #expect(outcome.status == 74, "\(outcome)")
        #expect(outcome.stderr == "networking: could not write to standard output: No space left on device\n")
    }

    @Test func aClosedStandardOutputExits74() async throws {
        let outcome = try await NetworkingProcess(["--version"], redirection: ">&-").outcome()

        #expect(outcome.status == 74, "\(outcome)")
        #expect(outcome.stderr == "networking: could not write to standard output: Bad file descriptor\n")
    }

    /// Without a placeholder on descriptor 1, the first socket or file the tool opens would get it, and the
    /// table would be written into that instead of failing.
    @Test func aClosedStandardOutputFailsAfterNetworkWorkToo() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingProcess(
                ["questions", "--page-size", "1"], environment: server.environment(), redirection: ">&-"
            ).outcome()

            #expect(outcome.status == 74, "\(outcome)")
            #expect(outcome.stderr == "networking: could not write to standard output: Bad file descriptor\n")
        }
    }

    @Test func bothStreamsClosedStillExitsWithoutACrash() async throws {
        let outcome = try await NetworkingProcess(["--help"], redirection: ">&- 2>&-").outcome()

        #expect(outcome.status == 74, "\(outcome)")
    }

    @Test func aPipeWithNoReaderExits141Quietly() async throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()

        let run = try NetworkingProcess(["--help"], standardOutput: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        let outcome = try await run.outcome()

        #expect(outcome.status == 141, "\(outcome)")
        #expect(outcome.stderr.isEmpty)
    }

    @Test func readingTheTokenFromAClosedStandardInputIsAUsageError() async throws {
        let outcome = try await NetworkingProcess(["token", "update", "-"], redirection: "<&-").outcome()

        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("networking: Could not read the new token: standard input is closed."))
    }

    @Test func readingTheTokenFromAFolderIsAUsageError() async throws {
        let directory = try TemporaryDirectory()

        let outcome = try await NetworkingProcess(
            ["token", "update", "-"], redirection: "<'\(directory.url.path)'"
        ).outcome()

        #expect(outcome.status == 64, "\(outcome)")
        #expect(
            outcome.stderr.hasPrefix("networking: Could not read the new token: standard input could not be read: "))
    }

    @Test func noArgumentsPrintsTheUsageOnStandardErrorAndExits64() async throws {
        let outcome = try await NetworkingBinary.run([])

        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("networking: missing command\n\nusage: networking COMMAND [OPTIONS]"))
    }
}
