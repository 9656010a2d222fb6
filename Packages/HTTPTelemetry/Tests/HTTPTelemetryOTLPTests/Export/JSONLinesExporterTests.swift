import Foundation
import HTTPClientTestSupport
import HTTPTelemetry
import HTTPTelemetryOTLP
import Testing

struct JSONLinesExporterTests {
    @Test func appendsOneLinePerExportToAFileOnlyItsOwnerReads() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("trace.jsonl")
        let sut = JSONLinesExporter(url: file, resource: TelemetryResource(serviceName: "test"))
        let span = FinishedSpan(
            name: "GET", kind: .client, context: .newTrace(), parentSpanID: nil, startTime: Date(), endTime: Date())

        try await sut.export(spans: [span])
        try await sut.export(spans: [span, span])

        let lines = try String(contentsOf: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines.last == "")
        #expect(lines.prefix(2).allSatisfy { $0.hasPrefix(#"{"resourceSpans":"#) })
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func refusesToWriteThroughASymbolicLink() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.file("target", contents: Data())
        let link = directory.file("trace.jsonl")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let sut = JSONLinesExporter(url: link, resource: TelemetryResource(serviceName: "test"))

        await #expect(throws: POSIXError.self) { try await sut.export(spans: []) }

        #expect(try Data(contentsOf: target).isEmpty)
    }

    @Test func eachSignalGoesToAFileOfItsOwn() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let spans = directory.file("spans.jsonl")
        let metrics = directory.file("metrics.jsonl")
        let sut = JSONLinesExporter(url: spans, metricsURL: metrics, resource: TelemetryResource(serviceName: "test"))

        try await sut.export(spans: [makeSpan()])
        try await sut.export(metrics: [])

        #expect(try String(contentsOf: spans, encoding: .utf8).hasPrefix(#"{"resourceSpans":"#))
        let metricLines = try String(contentsOf: metrics, encoding: .utf8)
        #expect(metricLines.hasPrefix(#"{"resourceMetrics":"#) && !metricLines.contains("resourceSpans"))
    }

    @Test func withoutAMetricsFileTheSpansFileHoldsSpansOnly() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let spans = directory.file("spans.jsonl")
        let sut = JSONLinesExporter(url: spans, resource: TelemetryResource(serviceName: "test"))

        try await sut.export(spans: [makeSpan()])
        try await sut.export(metrics: [])

        let lines = try String(contentsOf: spans, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 && lines.allSatisfy { $0.hasPrefix(#"{"resourceSpans":"#) })
    }

    private func makeSpan() -> FinishedSpan {
        FinishedSpan(
            name: "GET", kind: .client, context: .newTrace(), parentSpanID: nil, startTime: Date(), endTime: Date())
    }
}
