import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import HTTPTelemetry
import Testing

struct TracingHTTPClientExchangeTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func turnsTheTransportsPhasesIntoEventsInOrder() async throws {
        let metrics = HTTPExchangeMetrics(
            startTime: Self.start, nameLookup: .milliseconds(1), connect: .milliseconds(2),
            requestSent: .milliseconds(3), firstByte: .milliseconds(303), end: .milliseconds(304))
        let (sut, collector) = try makeSUT(metrics: metrics)

        try await sut.load(request: TestRequest())

        let span = try #require(collector.pendingSpans.first)
        #expect(
            span.events.map(\.name) == [
                "networking.phase.name_lookup", "networking.phase.connect", "networking.phase.request_sent",
                "networking.phase.first_byte", "networking.phase.end",
            ])
        #expect(span.events.map(\.time) == span.events.map(\.time).sorted())
        #expect(span.events.map { $0.attributes["networking.phase.seconds"] }[3] == .double(0.303))
        #expect(span.events.first?.time == Self.start.addingTimeInterval(0.001))
    }

    @Test func addsProtocolPeerAndSizesWithoutInventingUnknownPhases() async throws {
        let metrics = HTTPExchangeMetrics(
            startTime: Self.start, connect: .zero, firstByte: .milliseconds(5), protocolVersion: "2",
            remoteAddress: "127.0.0.1", remotePort: 8443, requestBodyBytes: 0, responseBodyBytes: 12,
            redirectCount: 1)
        let (sut, collector) = try makeSUT(metrics: metrics)

        try await sut.load(request: TestRequest())

        let span = try #require(collector.pendingSpans.first)
        #expect(span.events.map(\.name) == ["networking.phase.first_byte"])
        #expect(span.attributes["network.protocol.version"] == "2")
        #expect(span.attributes["network.peer.address"] == "127.0.0.1")
        #expect(span.attributes["network.peer.port"] == 8443)
        #expect(span.attributes["http.response.body.size"] == 12 && span.attributes["http.request.body.size"] == 0)
        #expect(span.attributes["networking.redirect_count"] == nil)
        #expect(collector.metricPoints().first?.attributes["network.protocol.version"] == "2")
        #expect(collector.metricPoints().first?.attributes["network.peer.address"] == nil)
    }

    @Test func passesTheMeasurementOnToTheObserverAlreadyInPlace() async throws {
        let metrics = HTTPExchangeMetrics(startTime: Self.start, end: .milliseconds(1))
        let (sut, _) = try makeSUT(metrics: metrics)
        let heard = RecordedValues<HTTPExchangeMetrics>()

        try await HTTPExchangeObserver { heard.append($0) }.observing {
            try await sut.load(request: TestRequest())
        }

        #expect(heard.values == [metrics])
    }

    @Test func aSpanWithoutMeasurementsHasNoEvents() async throws {
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let sut = ScriptedHTTPClient(replies: [.status(200)])
            .tracing(into: collector, baseURL: try #require(URL(string: "http://h")))

        try await sut.load(request: TestRequest())

        #expect(collector.pendingSpans.first?.events == [])
        #expect(collector.pendingSpans.first?.attributes["network.protocol.version"] == nil)
    }

    private func makeSUT(metrics: HTTPExchangeMetrics) throws -> (sut: any HTTPClient, collector: TelemetryCollector) {
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let transport = MeasuringHTTPClient(client: ScriptedHTTPClient(replies: [.status(200)]), metrics: metrics)
        return (transport.tracing(into: collector, baseURL: try #require(URL(string: "http://h"))), collector)
    }
}
