import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import HTTPTelemetry
import Testing

struct TracingHTTPClientRedirectTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func makesOneSiblingSpanPerFollowedHopCountedAsResends() async throws {
        let parent = TraceContext.newTrace()
        let (sut, transport, collector) = try makeSUT(targets: ["http://h/second", "http://other:8080/third"])

        try await TraceContext.$current.withValue(parent) { try await sut.load(request: TestRequest()) }

        let spans = collector.pendingSpans
        #expect(spans.count == 3)
        #expect(spans.map { $0.attributes["http.request.resend_count"] } == [nil, 1, 2])
        #expect(spans.map { $0.attributes["http.response.status_code"] } == [302, 302, 200])
        #expect(spans.dropFirst().map { $0.attributes["url.full"] } == ["http://h/second", "http://other:8080/third"])
        #expect(spans.last?.attributes["server.address"] == "other" && spans.last?.attributes["server.port"] == 8080)
        #expect(spans.allSatisfy { $0.parentSpanID == parent.spanID && $0.context.traceID == parent.traceID })
        #expect(Set(spans.map(\.context.spanID)).count == 3)
        #expect(spans.allSatisfy { $0.kind == .client && $0.status == .unset })
        #expect(collector.metricPoints().map(\.count).reduce(0, +) == 3)
        let sentParents = transport.sentHeaders.map { $0["traceparent"].flatMap { TraceContext(traceparent: $0) } }
        #expect(sentParents.map { $0?.spanID } == spans.map(\.context.spanID))
    }

    @Test func countsTheRetriesBeforeTheLoadFirst() async throws {
        let (sut, _, collector) = try makeSUT(targets: ["http://h/second"])

        try await HTTPLoadObservation(resendCount: 2).bound { try await sut.load(request: TestRequest()) }

        #expect(collector.pendingSpans.map { $0.attributes["http.request.resend_count"] } == [2, 3])
    }

    @Test func keepsOneTraceWithoutAParent() async throws {
        let (sut, transport, collector) = try makeSUT(targets: ["http://h/second"])

        try await sut.load(request: TestRequest())

        let spans = collector.pendingSpans
        #expect(spans.count == 2 && spans.allSatisfy { $0.parentSpanID == nil })
        #expect(spans[0].context.traceID == spans[1].context.traceID)
        #expect(spans[0].context.spanID != spans[1].context.spanID)
        #expect(transport.sentHeaders.last?["traceparent"] == spans[1].context.traceparent)
    }

    @Test func givesEachHopItsOwnPhasesAndNoRedirectCount() async throws {
        let hop = HTTPExchangeMetrics(startTime: Self.start, firstByte: .milliseconds(7), redirectCount: 0)
        let (sut, _, collector) = try makeSUT(targets: ["http://h/second"], metrics: hop)

        try await sut.load(request: TestRequest())

        let spans = collector.pendingSpans
        #expect(spans.first?.events.map(\.name) == ["networking.phase.first_byte"])
        #expect(spans.last?.events == [])
        #expect(spans.allSatisfy { $0.attributes["networking.redirect_count"] == nil })
    }

    @Test func endsTheLastHopsSpanWithAnError() async throws {
        let (sut, _, collector) = try makeSUT(
            targets: ["http://h/second"], replies: [.failure(HTTPTransportError.cancelled)])

        await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }

        let spans = collector.pendingSpans
        #expect(spans.map { $0.attributes["error.type"] } == [nil, "cancelled"])
        #expect(spans.first?.status == .unset)
    }

    @Test func keepsTheFieldsOfTheObserverAlreadyInPlaceButItsOwnTraceparent() async throws {
        let (sut, transport, collector) = try makeSUT(targets: ["http://h/second"])
        let heard = RecordedValues<Int>()
        let outer = HTTPRedirectObserver { hop in
            heard.append(hop.statusCode)
            return ["X-Hop": "1", "traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"]
        }

        try await outer.observing { try await sut.load(request: TestRequest()) }

        #expect(heard.values == [302])
        #expect(transport.sentHeaders.last?["X-Hop"] == "1")
        #expect(transport.sentHeaders.last?["traceparent"] == collector.pendingSpans.last?.context.traceparent)
    }

    @Test func belowACacheEveryHopsSpanCarriesTheCachesVerdict() async throws {
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let baseURL = try #require(URL(string: "http://h"))
        let transport = RedirectingHTTPClient(
            client: ScriptedHTTPClient(replies: [.status(200)]), original: baseURL,
            targets: [try #require(URL(string: "http://h/second"))])
        let sut = SourceReportingHTTPClient(
            client: transport.tracing(into: collector, baseURL: baseURL), sources: [.cache(.miss)]
        ).tracingAnswerSources(into: collector, baseURL: baseURL)

        try await sut.load(request: TestRequest())

        let spans = collector.pendingSpans
        #expect(spans.count == 2)
        #expect(spans.map { $0.attributes["networking.cache.result"] } == ["miss", "miss"])
    }

    private func makeSUT(
        targets: [String], metrics: HTTPExchangeMetrics? = nil, replies: [Reply] = [.status(200)]
    ) throws -> (sut: any HTTPClient, transport: RedirectingHTTPClient, collector: TelemetryCollector) {
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let transport = RedirectingHTTPClient(
            client: ScriptedHTTPClient(replies: replies), original: try #require(URL(string: "http://h/v1")),
            targets: try targets.map { try #require(URL(string: $0)) }, metrics: metrics)
        return (
            transport.tracing(into: collector, baseURL: try #require(URL(string: "http://h"))), transport, collector
        )
    }
}
