import Foundation
import HTTPClientTestSupport
import HTTPTelemetry
import Testing

struct TelemetryCollectorTests {
    @Test func flushExportsThePendingSpansOnceAndTheMetricsEachTime() async throws {
        let exporter = RecordingExporter()
        let sut = TelemetryCollector(exporter: exporter)
        let span = FinishedSpan(
            name: "GET", kind: .client, context: .newTrace(), parentSpanID: nil, startTime: Date(), endTime: Date())
        sut.record(span)
        sut.recordRequestDuration(0.02, attributes: ["http.request.method": "GET"])

        try await sut.flush()
        try await sut.flush()

        #expect(exporter.spanExports == [[span]])
        #expect(exporter.metricExports.map { $0.map(\.count) } == [[1], [1]])
        #expect(exporter.metricExports.first?.first?.bucketCounts[2] == 1)
        #expect(sut.pendingSpans.isEmpty)
    }

    @Test func flushThrowsWhatTheExporterThrowsWithoutKeepingTheSpans() async throws {
        let sut = TelemetryCollector(exporter: RecordingExporter(failing: TestFailure("collector down")))
        sut.record(
            FinishedSpan(
                name: "GET", kind: .client, context: .newTrace(), parentSpanID: nil, startTime: Date(),
                endTime: Date()))

        await #expect(throws: TestFailure("collector down")) { try await sut.flush() }

        #expect(sut.pendingSpans.isEmpty)
    }

    @Test func flushWithNothingRecordedExportsNothing() async throws {
        let exporter = RecordingExporter()

        try await TelemetryCollector(exporter: exporter).flush()

        #expect(exporter.spanExports.isEmpty && exporter.metricExports.isEmpty)
    }
}
