import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import HTTPTelemetry
import Testing

/// A cache (or replaying client) between the answer-source tracer above it and the attempt tracing below it: the
/// attempts carry the cache's verdict, and an answer with no attempt gets one span of its own.
struct AnswerSourceTracingHTTPClientTests {
    @Test(arguments: [HTTPAnswerSource.cache(.hit), .cache(.stale)])
    func anAnswerWithNoAttemptGetsOneInternalSpanUnderTheCaller(_ source: HTTPAnswerSource) async throws {
        let (sut, collector) = try makeSUT(reporting: [source], attemptsTraced: false)
        let parent = try #require(
            TraceContext(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", tracestate: nil))

        try await TraceContext.$current.withValue(parent) {
            try await sut.load(request: TemplatedRequest(path: "questions/1", urlTemplate: "/questions/{ids}"))
        }

        let span = try #require(collector.pendingSpans.first)
        #expect(collector.pendingSpans.count == 1)
        #expect(span.name == "GET /questions/{ids}" && span.kind == .internal && span.status == .unset)
        #expect(span.context.traceID == parent.traceID && span.parentSpanID == parent.spanID)
        #expect(
            span.attributes == [
                "http.request.method": "GET", "server.address": "h", "server.port": 80, "url.scheme": "http",
                "url.full": "http://h/2.3/questions/1", "url.template": "/questions/{ids}",
                "http.response.status_code": 200, "networking.cache.result": .string(source.cacheResult),
            ])
        #expect(span.events == [] && span.endTime >= span.startTime)
        #expect(collector.metricPoints().isEmpty)
    }

    @Test func aReplayWithNoAttemptGetsASpanMarkedReplayed() async throws {
        let (sut, collector) = try makeSUT(reporting: [.replay], attemptsTraced: false)

        try await sut.load(request: TestRequest())

        let span = try #require(collector.pendingSpans.first)
        #expect(collector.pendingSpans.count == 1 && span.kind == .internal)
        #expect(span.attributes["networking.replayed"] == true)
    }

    @Test func aRevalidationsAttemptCarriesTheCachesVerdictAndNoOtherSpanIsMade() async throws {
        let (sut, collector) = try makeSUT(reporting: [.cache(.revalidated)], replies: [.status(304)])

        try await sut.load(request: TestRequest())

        let span = try #require(collector.pendingSpans.first)
        #expect(collector.pendingSpans.count == 1)
        #expect(span.kind == .client && span.attributes["http.response.status_code"] == 304)
        #expect(span.attributes["networking.cache.result"] == "revalidated")
    }

    @Test func aMissKeepsExactlyItsAttemptSpans() async throws {
        let (sut, collector) = try makeSUT(reporting: [.cache(.miss)], attempts: 2)

        try await sut.load(request: TestRequest())

        #expect(collector.pendingSpans.map(\.kind) == [.client, .client])
        #expect(collector.pendingSpans.allSatisfy { $0.attributes["networking.cache.result"] == "miss" })
    }

    @Test func aMissWithNoAttemptOfItsOwnGetsNoSpan() async throws {
        let (sut, collector) = try makeSUT(reporting: [.cache(.miss)], attemptsTraced: false)

        try await sut.load(request: TestRequest())

        #expect(collector.pendingSpans.isEmpty)
    }

    @Test func aFailedRequestRecordsItsAttemptsAndNoSpanOfItsOwn() async throws {
        let (sut, collector) = try makeSUT(
            reporting: [.cache(.stale)], replies: [.failure(HTTPTransportError.cancelled)])

        await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }

        let span = try #require(collector.pendingSpans.first)
        #expect(collector.pendingSpans.count == 1 && span.kind == .client)
        #expect(span.attributes["error.type"] == "cancelled")
    }

    @Test func aStreamedRevalidationsAttemptCarriesTheCachesVerdict() async throws {
        let (sut, collector) = try makeSUT(reporting: [.cache(.revalidated)], replies: [.status(304)])

        let status = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { response, _ in
            response.statusCode
        }

        #expect(status == 304)
        #expect(collector.pendingSpans.map { $0.attributes["networking.cache.result"] } == ["revalidated"])
    }

    @Test func aStreamedHitGetsItsOwnSpan() async throws {
        let (sut, collector) = try makeSUT(reporting: [.cache(.hit)], attemptsTraced: false)

        try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in }

        #expect(collector.pendingSpans.map(\.kind) == [.internal])
    }

    @Test func anAttemptThatEndsAfterTheCallIsRecordedAsItIs() async throws {
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let baseURL = try #require(URL(string: "http://h"))
        let gate = Gate()
        let later = LaterLoadingHTTPClient(
            client: ScriptedHTTPClient(replies: [.status(200)]).tracing(into: collector, baseURL: baseURL), gate: gate)
        let sut = SourceReportingHTTPClient(client: later, sources: [.cache(.stale)])
            .tracingAnswerSources(into: collector, baseURL: baseURL)

        try await sut.load(request: TestRequest())
        await gate.open()
        try await later.laterLoadsFinished()

        #expect(collector.pendingSpans.map(\.kind) == [.internal, .client])
        #expect(collector.pendingSpans.last?.attributes["networking.cache.result"] == nil)
    }

    @Test func passesTheSourcesOnToTheObserverAlreadyInPlace() async throws {
        let (sut, _) = try makeSUT(reporting: [.cache(.hit)], attemptsTraced: false)
        let heard = RecordedValues<HTTPAnswerSource>()

        try await HTTPAnswerSourceObserver { heard.append($0) }.observing {
            try await sut.load(request: TestRequest())
        }

        #expect(heard.values == [.cache(.hit)])
    }

    /// The answer-source tracer over a client that reports `sources` (the cache) over `attempts` loads of
    /// the attempt tracing (when `attemptsTraced`) over a scripted transport.
    private func makeSUT(
        reporting sources: [HTTPAnswerSource], replies: [Reply] = [.status(200), .status(200)], attempts: Int = 1,
        attemptsTraced: Bool = true
    ) throws -> (sut: any HTTPClient, collector: TelemetryCollector) {
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let baseURL = try #require(URL(string: "http://h"))
        var client: any HTTPClient = ScriptedHTTPClient(replies: replies)
        if attemptsTraced { client = client.tracing(into: collector, baseURL: baseURL) }
        client = RepeatingHTTPClient(client: client, times: attempts)
        client = SourceReportingHTTPClient(client: client, sources: sources)
        return (client.tracingAnswerSources(into: collector, baseURL: baseURL), collector)
    }
}

extension HTTPAnswerSource {
    /// The `networking.cache.result` value of a cache's verdict.
    fileprivate var cacheResult: String {
        if case .cache(let result) = self { return result.rawValue }
        return ""
    }
}
