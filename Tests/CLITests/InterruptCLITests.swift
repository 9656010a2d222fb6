import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `SIGINT` and `SIGTERM` while a request waits on the server: the tool cancels it, `--record` still writes
/// the archive with the cancelled request in it, and the exit status is 128 + the signal.
@Suite(.timeLimit(.minutes(1)))
struct InterruptCLITests {
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalCancelsTheRequestAndTheArchiveHoldsIt(signal: Int32, status: Int32) async throws {
        let directory = try TemporaryDirectory()
        let archive = directory.file("interrupted.har")
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            try await admin.post("faults", json: #"{"rate": 1, "kinds": ["delay"], "delay_ms": 60000}"#)
            let run = try NetworkingProcess(["questions", "--record", archive.path], environment: server.environment())
            try await DevServerAdmin(server).waitUntil("route:GET /2.3/questions", reaches: 1)

            run.send(signal)
            let outcome = try await run.outcome()

            #expect(outcome.status == status, "\(outcome)")
            #expect(outcome.stdout.isEmpty)
            let entries = try HARFile.entries(in: archive)
            #expect(entries.count == 1)
            let entry = try #require(entries.first)
            #expect(HARFile.url(of: entry)?.contains("/2.3/questions?") == true)
            #expect((entry["_transportError"] as? [String: Any])?["kind"] as? String == "cancelled")
        }
    }

    @Test func theTimeoutBoundsTheWholeCommandAndExits1SayingSo() async throws {
        let directory = try TemporaryDirectory()
        let archive = directory.file("timed-out.har")
        try await withDevServer { server in
            try await DevServerAdmin(server).post(
                "faults", json: #"{"rate": 1, "kinds": ["delay"], "delay_ms": 60000}"#)

            let outcome = try await NetworkingBinary.run(
                ["question", "78650033", "--timeout", "1", "--record", archive.path], environment: server.environment())

            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderr.contains("timed out after 1 s"))
            #expect(try HARFile.entries(in: archive).count == 1, "the timed-out request is recorded")
        }
    }

    @Test func theTimeoutComesFromTheEnvironmentToo() async throws {
        try await withDevServer { server in
            try await DevServerAdmin(server).post(
                "faults", json: #"{"rate": 1, "kinds": ["delay"], "delay_ms": 60000}"#)

            let outcome = try await NetworkingBinary.run(
                ["token"], environment: server.environment(["NETWORKING_TIMEOUT": "0.5"]))

            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderr.contains("timed out after 0.5 s"))
        }
    }
}
