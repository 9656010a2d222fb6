import Foundation
import HTTPClientTestSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// `--trace FILE`: the command's root span and its request spans, as OTLP/JSON Lines, under `TRACEPARENT`;
/// `--trace-metrics FILE`: the request-duration histogram, in a file of its own.
struct TraceOptionTests {
    static let parent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test func writesARootSpanUnderTraceparentAndTheRequestSpansUnderIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")

        let (status, console) = await replay(["questions", "--page-size", "5", "--trace", trace.path])

        #expect(status == .success, "\(console.stderr)")
        let spans = try Self.spans(in: trace)
        let root = try #require(spans.first { $0["kind"] as? Int == 1 })
        #expect(root["name"] as? String == "networking questions")
        #expect(root["traceId"] as? String == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(root["parentSpanId"] as? String == "00f067aa0ba902b7")
        #expect(root["traceState"] as? String == "vendor=1")
        let requests = spans.filter { $0["kind"] as? Int == 3 }
        #expect(!requests.isEmpty)
        for span in requests {
            #expect(span["traceId"] as? String == "4bf92f3577b34da6a3ce929d0e0e4736")
            #expect(span["parentSpanId"] as? String == root["spanId"] as? String)
        }
        let permissions = try FileManager.default.attributesOfItem(atPath: trace.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func theTraceFileHoldsSpansOnlyAndTheMetricsFileTheHistogram() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")
        let metrics = directory.file("m.jsonl")

        let (status, console) = await replay(
            ["questions", "--page-size", "5", "--trace", trace.path, "--trace-metrics", metrics.path])

        #expect(status == .success, "\(console.stderr)")
        let traceLines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        #expect(!traceLines.isEmpty && traceLines.allSatisfy { $0.hasPrefix(#"{"resourceSpans":"#) })
        let metricLines = try String(contentsOf: metrics, encoding: .utf8).split(separator: "\n")
        #expect(metricLines.count == 1 && metricLines.allSatisfy { $0.hasPrefix(#"{"resourceMetrics":"#) })
        #expect(metricLines.first?.contains("http.client.request.duration") == true)
    }

    @Test func withoutAMetricsFileNoMetricIsWrittenAnywhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")

        let (status, _) = await replay(["questions", "--page-size", "5", "--trace", trace.path])

        #expect(status == .success)
        #expect(!(try String(contentsOf: trace, encoding: .utf8)).contains("resourceMetrics"))
    }

    @Test func aTraceFileThatCannotBeWrittenIsOneWarningAndTheStatusStays() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.file("target", contents: Data())
        let link = directory.file("t.jsonl")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        let (status, console) = await replay(["questions", "--page-size", "5", "--trace", link.path])

        #expect(status == .success)
        #expect(console.stderr.contains("Could not write the trace (--trace, --trace-metrics)"))
        #expect(try Data(contentsOf: target).isEmpty)
    }

    @Test func sdkDisabledWritesNoTraceAndSaysSoOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")

        let (status, console) = await replay(
            ["questions", "--page-size", "5", "--trace", trace.path], environment: ["OTEL_SDK_DISABLED": "true"])

        #expect(status == .success)
        #expect(console.stderr == "networking: OTEL_SDK_DISABLED is true, so --trace writes nothing.\n")
        #expect(!FileManager.default.fileExists(atPath: trace.path))
    }

    @Test func sdkDisabledSaysSoForEachFileGiven() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let (status, console) = await replay(
            ["questions", "--page-size", "5", "--trace-metrics", directory.file("m.jsonl").path],
            environment: ["OTEL_SDK_DISABLED": "true"])

        #expect(status == .success)
        #expect(console.stderr == "networking: OTEL_SDK_DISABLED is true, so --trace-metrics writes nothing.\n")
    }

    @Test func theServiceNameAndResourceAttributesNameTheTracesResource() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")

        let (status, _) = await replay(
            ["questions", "--page-size", "5", "--trace", trace.path],
            environment: ["OTEL_SERVICE_NAME": "svc", "OTEL_RESOURCE_ATTRIBUTES": "team=net%20work"])

        #expect(status == .success)
        let text = try String(contentsOf: trace, encoding: .utf8)
        #expect(text.contains(#"{"key":"service.name","value":{"stringValue":"svc"}}"#))
        #expect(text.contains(#"{"key":"team","value":{"stringValue":"net work"}}"#))
    }

    /// The spans of every trace line of `file`.
    private static func spans(in file: URL) throws -> [[String: Any]] {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        return try lines.flatMap { line -> [[String: Any]] in
            let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let resources = document["resourceSpans"] as? [[String: Any]] ?? []
            return resources.flatMap { ($0["scopeSpans"] as? [[String: Any]] ?? []) }
                .flatMap { ($0["spans"] as? [[String: Any]] ?? []) }
        }
    }

    /// Runs `arguments` replaying the questions feature's preview archive, with `TRACEPARENT` and `extra` set and
    /// both APIs on a port nothing listens on.
    private func replay(_ arguments: [String], environment extra: [String: String] = [:]) async -> (
        AppExitStatus, CapturingConsole
    ) {
        let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Packages/QuestionsFeature/Previews/questions.har")
        let environment = [
            "NETWORKING_QUESTIONS_URL": "http://127.0.0.1:9", "NETWORKING_TOKEN_URL": "http://127.0.0.1:9",
            "NETWORKING_TIMEOUT": "86400", "TRACEPARENT": Self.parent, "TRACESTATE": "vendor=1",
        ].merging(extra) { _, given in given }
        let console = CapturingConsole()
        let status = await NetworkingApp.run(
            arguments: arguments + ["--replay", archive.path], environment: environment, console: console.console)
        return (status, console)
    }
}
