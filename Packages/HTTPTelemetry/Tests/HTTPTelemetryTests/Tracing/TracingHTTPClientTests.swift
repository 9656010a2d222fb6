import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import HTTPTelemetry
import Testing

struct TracingHTTPClientTests {
    @Test func makesOneClientSpanWithTheConventionsAttributes() async throws {
        let (sut, _, collector) = try makeSUT([.status(200, body: "ok")])

        try await sut.load(request: TestRequest(method: .get, path: "questions", version: "2.3"))

        let span = try #require(collector.pendingSpans.first)
        #expect(collector.pendingSpans.count == 1)
        #expect(span.name == "GET" && span.kind == .client && span.status == .unset)
        #expect(
            span.attributes == [
                "http.request.method": "GET", "server.address": "api.example.com", "server.port": 443,
                "url.scheme": "https", "url.full": "https://api.example.com/base/2.3/questions",
                "http.response.status_code": 200,
            ])
        #expect(span.endTime >= span.startTime)
    }

    @Test func namesTheSpanAfterTheTemplateEvenThroughDerivedRequests() async throws {
        let (sut, _, collector) = try makeSUT([.status(200)])
        let request = TemplatedRequest(path: "questions/1;2", urlTemplate: "/questions/{ids}")

        try await sut.load(request: request.settingHeader("Accept", to: "application/json"))

        let span = try #require(collector.pendingSpans.first)
        #expect(span.name == "GET /questions/{ids}")
        #expect(span.attributes["url.template"] == "/questions/{ids}")
    }

    @Test func aRequestWithABodyKeepsItsNameAndURLOnTheSpan() async throws {
        let (sut, _, collector) = try makeSUT([.status(201)])
        let request = TemplatedRequest(
            method: .post, path: "questions/7/answers", queryParameter: ["site": "stackoverflow"],
            body: Data("answer".utf8), urlTemplate: "/questions/{id}/answers")

        try await sut.load(request: request.settingHeader("Content-Type", to: "text/plain"))

        let span = try #require(collector.pendingSpans.first)
        #expect(span.name == "POST /questions/{id}/answers")
        #expect(span.attributes["url.template"] == "/questions/{id}/answers")
        #expect(
            span.attributes["url.full"] == "https://api.example.com/base/2.3/questions/7/answers?site=stackoverflow")
    }

    @Test func countsEachDurationOnceHoweverOftenTheMetricsAreReadOrFlushed() async throws {
        let (sut, _, collector) = try makeSUT([.status(200), .status(200), .status(200)])

        try await sut.load(request: TestRequest())
        try await sut.load(request: TestRequest())
        let beforeFlush = collector.metricPoints().map(\.count).reduce(0, +)
        try await collector.flush()
        try await sut.load(request: TestRequest())

        #expect(beforeFlush == 2)
        #expect(collector.metricPoints().map(\.count).reduce(0, +) == 3)
        #expect(collector.metricPoints().map(\.count).reduce(0, +) == 3)
        #expect(collector.pendingSpans.count == 1)
    }

    @Test func writesAnUnknownMethodAsOther() async throws {
        let (sut, _, collector) = try makeSUT([.status(200)])

        try await sut.load(request: TestRequest(method: try #require(HTTPMethod(rawValue: "PURGE"))))

        let span = try #require(collector.pendingSpans.first)
        #expect(span.name == "HTTP")
        #expect(span.attributes["http.request.method"] == "_OTHER")
        #expect(span.attributes["http.request.method_original"] == "PURGE")
    }

    @Test func redactsUserInfoSensitiveQueryValuesAndNeverRecordsHeaders() async throws {
        let (sut, _, collector) = try makeSUT(
            [.status(200)], baseURL: "https://user:hunter2@api.example.com/base")
        let request = TestRequest(
            path: "files", headers: ["Authorization": "Bearer s3cr3t", "Cookie": "session=c00kie"],
            queryParameter: ["sig": "abc123", "access_token": "t0k3n", "page": "2", "Key": "k3y"])

        try await sut.load(request: request)

        let span = try #require(collector.pendingSpans.first)
        let full = "https://REDACTED:REDACTED@api.example.com/base/v1/files?Key=REDACTED&access_token=REDACTED&page=2"
        #expect(span.attributes["url.full"] == .string(full + "&sig=REDACTED"))
        let exported = String(describing: collector.pendingSpans)
        for secret in ["hunter2", "s3cr3t", "c00kie", "abc123", "t0k3n", "k3y", "Authorization", "Cookie"] {
            #expect(!exported.contains(secret), "\(secret) leaked")
        }
    }

    @Test func marksServerAndClientErrorStatusesAsErrors() async throws {
        let (sut, _, collector) = try makeSUT([.status(503), .status(404)])

        try await sut.load(request: TestRequest())
        try await sut.load(request: TestRequest())

        let spans = collector.pendingSpans
        #expect(spans.map(\.status) == [.error(description: "HTTP 503"), .error(description: "HTTP 404")])
        #expect(spans.map { $0.attributes["error.type"] } == ["503", "404"])
    }

    @Test func marksATransportFailureAsAnErrorWithItsKind() async throws {
        let failure = HTTPTransportError.cannotConnect(underlying: TestFailure("refused at https://x:pw@h/"))
        let (sut, _, collector) = try makeSUT([.failure(failure)])

        await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }

        let span = try #require(collector.pendingSpans.first)
        #expect(span.status == .error(description: "cannotConnect"))
        #expect(span.attributes["error.type"] == "cannotConnect")
        #expect(span.attributes["http.response.status_code"] == nil)
    }

    @Test func startsANewTraceAndSendsTheSpansTraceparent() async throws {
        let (sut, client, collector) = try makeSUT([.status(200)])

        try await sut.load(request: TestRequest())

        let span = try #require(collector.pendingSpans.first)
        #expect(span.parentSpanID == nil)
        let sent = try #require(await client.requests.first?.headers?["traceparent"])
        #expect(sent == span.context.traceparent)
        #expect(await client.requests.first?.headers?["tracestate"] == nil)
    }

    @Test func runsUnderTheCallersSpanAndPassesItsTracestateOn() async throws {
        let (sut, client, collector) = try makeSUT([.status(200)])
        let parent = try #require(
            TraceContext(
                traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", tracestate: "vendor=x"))

        try await TraceContext.$current.withValue(parent) { try await sut.load(request: TestRequest()) }

        let span = try #require(collector.pendingSpans.first)
        #expect(span.context.traceID == parent.traceID && span.parentSpanID == parent.spanID)
        #expect(span.context.spanID != parent.spanID)
        let headers = try #require(await client.requests.first?.headers)
        #expect(headers["traceparent"] == "00-4bf92f3577b34da6a3ce929d0e0e4736-\(span.context.spanID.hex)-01")
        #expect(headers["tracestate"] == "vendor=x")
    }

    @Test func aParentWithUndefinedFlagsAndABrokenTracestateSendsOnlyTheDefinedFlagsAndNoState() async throws {
        let (sut, client, _) = try makeSUT([.status(200)])
        var parent = try #require(
            TraceContext(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-ff", tracestate: "a=1"))
        parent.flags = 0xFF
        parent.traceState = "a=1\r\nX-Injected: 1"

        try await TraceContext.$current.withValue(parent) { try await sut.load(request: TestRequest()) }

        let headers = try #require(await client.requests.first?.headers)
        #expect(headers["traceparent"]?.hasSuffix("-03") == true, "\(headers)")
        #expect(headers["tracestate"] == nil)
    }

    @Test func honoursATraceparentTheRequestAlreadyCarries() async throws {
        let (sut, client, collector) = try makeSUT([.status(200)])
        let incoming = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00"

        try await sut.load(request: TestRequest(headers: ["traceparent": incoming, "tracestate": "congo=t61"]))

        let span = try #require(collector.pendingSpans.first)
        #expect(span.context.traceID.hex == "0af7651916cd43dd8448eb211c80319c")
        #expect(span.parentSpanID?.hex == "b7ad6b7169203331")
        let headers = try #require(await client.requests.first?.headers)
        #expect(headers["traceparent"] == "00-0af7651916cd43dd8448eb211c80319c-\(span.context.spanID.hex)-00")
        #expect(headers["tracestate"] == "congo=t61")
    }

    @Test func countsResendsFromTheAttemptNumber() async throws {
        let (sut, client, collector) = try makeSUT([.status(503), .status(200)])
        let parent = TraceContext.newTrace()

        try await TraceContext.$current.withValue(parent) {
            try await sut.load(request: TestRequest())
            try await HTTPLoadObservation(resendCount: 1).bound { try await sut.load(request: TestRequest()) }
        }

        let spans = collector.pendingSpans
        #expect(spans.map { $0.attributes["http.request.resend_count"] } == [nil, 1])
        #expect(spans.allSatisfy { $0.parentSpanID == parent.spanID })
        #expect(Set(spans.map(\.context.spanID)).count == 2)
        let sent = await client.requests.compactMap { $0.headers?["traceparent"] }
        #expect(sent == spans.map(\.context.traceparent))
    }

    @Test func countsEachRequestInTheDurationHistogram() async throws {
        let (sut, _, collector) = try makeSUT([.status(200), .status(200), .status(500)])

        for _ in 0..<3 { try await sut.load(request: TestRequest()) }

        let points = collector.metricPoints().sorted { $0.count > $1.count }
        #expect(points.map(\.count) == [2, 1])
        let ok = try #require(points.first)
        #expect(ok.name == "http.client.request.duration" && ok.unit == "s")
        #expect(ok.explicitBounds == [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10])
        #expect(ok.bucketCounts.reduce(0, +) == 2 && ok.bucketCounts.count == 15)
        #expect(
            ok.attributes == [
                "http.request.method": "GET", "server.address": "api.example.com", "server.port": 443,
                "url.scheme": "https", "http.response.status_code": 200,
            ])
        #expect(points.last?.attributes["error.type"] == "500")
    }

    @Test func tracesAStreamUntilTheReceiverReturns() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(502, chunks: ["bad"])])
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let sut = client.tracing(into: collector, baseURL: try #require(URL(string: "http://127.0.0.1:8080")))

        let text = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            #expect(collector.pendingSpans.isEmpty)
            return String(decoding: try await body.collect(upTo: 100), as: UTF8.self)
        }

        #expect(text == "bad")
        let span = try #require(collector.pendingSpans.first)
        #expect(span.attributes["http.response.status_code"] == 502 && span.attributes["server.port"] == 8080)
        #expect(await client.requests.first?.request.headers?["traceparent"] == span.context.traceparent)
    }

    @Test func endsAStreamsSpanWithTheReceiversError() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["x"])])
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let sut = client.tracing(into: collector, baseURL: try #require(URL(string: "http://127.0.0.1:8080")))

        await #expect(throws: TestFailure.self) {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in
                throw TestFailure("stop")
            }
        }

        let span = try #require(collector.pendingSpans.first)
        #expect(span.attributes["error.type"] == "TestFailure" && span.attributes["http.response.status_code"] == 200)
    }

    @Test func endsAStreamsSpanWhenTheClientReturnsWithoutAResponse() async throws {
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let sut = AnswerlessHTTPClient().tracing(into: collector, baseURL: try #require(URL(string: "http://h")))

        let answered = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in true }

        #expect(answered == false)
        let span = try #require(collector.pendingSpans.first)
        #expect(span.status == .unset && span.attributes["http.response.status_code"] == nil)
    }

    @Test func keepsEverySpanOfConcurrentLoads() async throws {
        let (sut, _, collector) = try makeSUT(Array(repeating: .status(200), count: 100))

        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { try await sut.load(request: TestRequest()) } }
            try await group.waitForAll()
        }

        #expect(collector.pendingSpans.count == 100)
        #expect(Set(collector.pendingSpans.map(\.context.traceID)).count == 100)
        #expect(collector.metricPoints().map(\.count) == [100])
    }

    @Test func doesNotKeepItsClientAlive() async throws {
        func useAndDrop() async throws -> WeakReference<ScriptedHTTPClient> {
            let client = ScriptedHTTPClient(replies: [.status(200)])
            let collector = TelemetryCollector(exporter: RecordingExporter())
            let sut = client.tracing(into: collector, baseURL: try #require(URL(string: "http://h")))
            try await sut.load(request: TestRequest())
            return WeakReference(client)
        }

        #expect(try await useAndDrop().object == nil)
    }

    private func makeSUT(
        _ replies: [Reply], baseURL: String = "https://api.example.com/base"
    ) throws -> (sut: any HTTPClient, client: ScriptedHTTPClient, collector: TelemetryCollector) {
        let client = ScriptedHTTPClient(replies: replies)
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let url = try #require(URL(string: baseURL))
        return (TracingHTTPClient(client: client, collector: collector, baseURL: url), client, collector)
    }
}
