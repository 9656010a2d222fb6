import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// Over libcurl, `--write-out` and the `--trace` spans tell the same exchanges: the same times for one, one line
/// and one span per attempt for a retried request.
@Suite(.timeLimit(.minutes(1)))
struct TimingAgreementCLITests {
    @Test func firstByteAfterA300MillisecondWaitAgreesWithTheTraceSpan() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            try await admin.post("fail-next", json: #"{"method":"GET","path":"/v1/token","delay_ms":300}"#)

            let outcome = try await NetworkingBinary.run(
                ["token", "--transport", "curl", "--trace", trace.path, "-w", "%{method} %{time_starttransfer}\\n"],
                environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            #expect(try await admin.count("delayed-next:GET /v1/token") == 1)
            let written = try #require(
                WriteOutCLITests.lines(in: outcome.stderr, prefix: "GET").first?.last.flatMap(WriteOutCLITests.seconds))
            #expect(written >= 0.300)
            let span = try #require(
                try TraceLines.spans(in: trace).first { TraceLines.string($0, "http.request.method") == "GET" })
            let firstByte = try #require(TraceLines.phaseSeconds(span, "first_byte"))
            #expect(abs(firstByte - written) < 0.001, "span \(firstByte) s, --write-out \(written) s")
        }
    }

    @Test func aRetriedRequestIsOneLineAndOneSpanPerAttempt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            try await admin.post(
                "fail-next", json: #"{"method":"GET","path":"/v1/token","status":503,"retry_after":0}"#)

            let outcome = try await NetworkingBinary.run(
                ["token", "--transport", "curl", "--trace", trace.path, "-w", "%{method} %{http_code}\\n"],
                environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stderr == "POST 200\nGET 503\nGET 200\n")
            let attempts = try TraceLines.spans(in: trace).filter {
                TraceLines.string($0, "http.request.method") == "GET"
            }
            #expect(attempts.map { TraceLines.int($0, "http.response.status_code") } == [503, 200])
            #expect(attempts.map { TraceLines.int($0, "http.request.resend_count") } == [nil, 1])
            #expect(Set(attempts.compactMap { $0["spanId"] as? String }).count == 2)
        }
    }
}
