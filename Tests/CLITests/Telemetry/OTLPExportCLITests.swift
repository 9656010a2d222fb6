import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

/// `OTEL_EXPORTER_OTLP_*` against the dev server's OTLP/HTTP receiver: the command's spans and its request
/// durations reach the collector with the configured headers, and a collector that is down, refuses, or is
/// misconfigured is one warning line that changes neither the exit status nor standard output.
@Suite(.timeLimit(.minutes(1)))
struct OTLPExportCLITests {
    static let traceID = "0af7651916cd43dd8448eb211c80319c"
    static let parentSpanID = "b7ad6b7169203331"

    @Test func theCollectorReceivesOneRootSpanAClientSpanPerAttemptAndTheHistogram() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["questions", "--no-cache", "--verbose", "--trace", trace.path],
                environment: server.environment([
                    "OTEL_EXPORTER_OTLP_ENDPOINT": server.baseURL.absoluteString,
                    "OTEL_EXPORTER_OTLP_HEADERS": "api-key=s3cr%65t,x-tenant=cli",
                    "OTEL_SERVICE_NAME": "cli-test",
                    "TRACEPARENT": "00-\(Self.traceID)-\(Self.parentSpanID)-01",
                ]))

            #expect(outcome.status == 0, "\(outcome)")
            #expect(!outcome.stderr.contains("s3cret") && !outcome.stdout.contains("s3cret"))
            let exports = try await OTLPExports.received(by: server)
            #expect(exports.traces.count == 1 && exports.metrics.count == 1, "\(exports)")
            #expect(exports.traces.allSatisfy { $0.header("api-key") == "s3cret" && $0.header("x-tenant") == "cli" })
            let spans = exports.traces.flatMap(\.spans)
            let roots = spans.filter { $0["kind"] as? Int == 1 }
            #expect(roots.count == 1)
            let root = try #require(roots.first)
            #expect(root["name"] as? String == "networking questions")
            #expect(root["parentSpanId"] as? String == Self.parentSpanID)
            let attempts = spans.filter { $0["kind"] as? Int == 3 }
            #expect(!attempts.isEmpty && roots.count + attempts.count == spans.count)
            for span in spans {
                #expect(span["traceId"] as? String == Self.traceID)
                #expect(Self.isHex(span["spanId"], bytes: 8), "\(span)")
            }
            for attempt in attempts {
                #expect(attempt["parentSpanId"] as? String == root["spanId"] as? String)
                #expect(Self.isHex(attempt["parentSpanId"], bytes: 8))
                #expect(!"\(attempt)".contains("/v1/traces"), "the export itself was traced")
            }
            #expect(exports.traces.first?.serviceName == "cli-test")
            let points = exports.metrics.flatMap(\.durationPoints)
            #expect(points.compactMap { Int($0["count"] as? String ?? "") }.reduce(0, +) == attempts.count)
            let file = try String(contentsOf: trace, encoding: .utf8)
            for span in spans { #expect(file.contains(try #require(span["spanId"] as? String))) }
        }
    }

    @Test func aCollectorThatIsDownIsOneWarningAndChangesNeitherStatusNorOutput() async throws {
        let closed = try ReservedPort()
        try await withDevServer { server in
            let plain = try await NetworkingBinary.run(["questions", "--no-cache"], environment: server.environment())
            try await DevServerAdmin(server).post("reset")  // the same API quota left, so the same output
            let exported = try await NetworkingBinary.run(
                ["questions", "--no-cache"],
                environment: server.environment([
                    "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:\(closed.port)",
                    "OTEL_EXPORTER_OTLP_HEADERS": "Authorization=Bearer%20sekrit",
                ]))

            #expect(exported.status == plain.status && exported.stdoutData == plain.stdoutData)
            let warnings = Self.lines(exported.stderr).filter { !Self.lines(plain.stderr).contains($0) }
            #expect(warnings.count == 1 && Self.lines(exported.stderr).count == Self.lines(plain.stderr).count + 1)
            #expect(
                warnings.first?.hasPrefix("networking: Telemetry was not exported: Could not send the traces") == true)
            #expect(!exported.stderr.contains("sekrit"))
        }
    }

    @Test func aCollectorThatRefusesIsOneWarningWithItsStatus() async throws {
        try await withDevServer { server in
            try await DevServerAdmin(server).post(
                "fail-next", json: #"{"method":"POST","path":"/v1/traces","status":503}"#)
            let outcome = try await NetworkingBinary.run(
                ["token"],
                environment: server.environment(["OTEL_EXPORTER_OTLP_ENDPOINT": server.baseURL.absoluteString]))

            #expect(outcome.status == 0, "\(outcome)")
            #expect(
                Self.lines(outcome.stderr) == [
                    "networking: Telemetry was not exported: The OTLP collector answered 503 to the traces export."
                ])
            #expect(try await OTLPExports.received(by: server).metrics.isEmpty)
        }
    }

    @Test func aCollectorThatNeverAnswersEndsTheExportAtItsDeadlineWithOneWarning() async throws {
        try await withDevServer { server in
            let hole = server.baseURL.appendingPathComponent("faults/black-hole").absoluteString
            let outcome = try await NetworkingBinary.run(
                ["token"], environment: server.environment(["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": hole]))

            #expect(outcome.status == 0, "\(outcome)")
            let lines = Self.lines(outcome.stderr)
            #expect(lines.count == 1, "\(outcome)")
            #expect(lines.first?.contains("Could not send the traces") == true, "\(outcome)")
            #expect(lines.first?.contains("no answer within 2 s") == true, "\(outcome)")
        }
    }

    @Test func anUnusableVariableIsOneWarningAndTheCommandRunsUntraced() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["token"], environment: server.environment(["OTEL_EXPORTER_OTLP_ENDPOINT": "collector:4318"]))

            #expect(outcome.status == 0, "\(outcome)")
            #expect(
                Self.lines(outcome.stderr) == [
                    "networking: OTEL_EXPORTER_OTLP_ENDPOINT is not an absolute http or https URL; it is ignored."
                ])
            #expect(!outcome.stdout.isEmpty)
        }
    }

    @Test func sdkDisabledExportsNothing() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["token"],
                environment: server.environment([
                    "OTEL_EXPORTER_OTLP_ENDPOINT": server.baseURL.absoluteString, "OTEL_SDK_DISABLED": "TRUE",
                ]))

            #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
            let exports = try await OTLPExports.received(by: server)
            #expect(exports.traces.isEmpty && exports.metrics.isEmpty)
        }
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    private static func isHex(_ value: Any?, bytes: Int) -> Bool {
        guard let text = value as? String else { return false }
        return text.count == 2 * bytes && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
