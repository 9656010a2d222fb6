import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// Over libcurl, a request that follows a redirect is one `--write-out` line, with the redirect added up as
/// curl's `-L` adds it, and one `--trace` span per request.
@Suite(.timeLimit(.minutes(1)))
struct RedirectWriteOutCLITests {
    @Test func aFollowedRedirectIsOneLineWithTheTimesAddedUpAndTwoSpans() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            try await admin.post(
                "fail-next", json: #"{"method":"GET","path":"/v1/token","status":307,"location":"/v1/token?moved=1"}"#)
            let format =
                "%{method} %{http_code} %{num_redirects} %{url_effective} %{time_starttransfer} %{time_total} "
                + "%{time_redirect}\\n"

            let outcome = try await NetworkingBinary.run(
                ["token", "--transport", "curl", "--trace", trace.path, "-w", format],
                environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            #expect(try await admin.count("failed-next:GET /v1/token") == 1)
            let lines = WriteOutCLITests.lines(in: outcome.stderr, prefix: "GET")
            try #require(lines.count == 1, "\(outcome)")
            let fields = lines[0]
            let url = server.baseURL.appendingPathComponent("v1/token").absoluteString + "?moved=1"
            #expect(Array(fields[1...3]) == ["200", "1", url], "\(fields)")
            let times = fields[4...].compactMap(WriteOutCLITests.seconds)
            try #require(times.count == 3, "\(fields)")
            let (startTransfer, total, redirect) = (times[0], times[1], times[2])
            #expect(redirect > 0 && redirect < total && startTransfer < total, "\(fields)")
            let spans = try TraceLines.spans(in: trace).filter { TraceLines.string($0, "http.request.method") == "GET" }
            #expect(spans.map { TraceLines.int($0, "http.response.status_code") } == [307, 200])
            #expect(spans.map { TraceLines.int($0, "http.request.resend_count") } == [nil, 1])
            let firstBytes = spans.compactMap { TraceLines.phaseSeconds($0, "first_byte") }
            #expect(abs(firstBytes.reduce(0, +) - startTransfer) < 0.002, "spans \(firstBytes), -w \(startTransfer)")
        }
    }
}
