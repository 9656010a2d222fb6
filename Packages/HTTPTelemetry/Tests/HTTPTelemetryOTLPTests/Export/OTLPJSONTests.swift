import Foundation
import HTTPTelemetry
import HTTPTelemetryOTLP
import Testing

struct OTLPJSONTests {
    static let resource = TelemetryResource(serviceName: "networking", attributes: ["service.version": "1.0"])
    static let start = Date(timeIntervalSince1970: 1_700_000_000.25)
    static let end = Date(timeIntervalSince1970: 1_700_000_000.5)

    /// The expected export requests, one a line: Scripts/tests/test_otlp_json.py parses the same file with
    /// the OpenTelemetry protobuf classes where they are installed.
    static func goldenLines() throws -> [String] {
        let file = try #require(
            Bundle.module.url(forResource: "otlp-golden", withExtension: "jsonl", subdirectory: "Fixtures"))
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func writesAnExportTraceServiceRequest() throws {
        let context = try #require(
            TraceContext(
                traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", tracestate: "a=1"))
        let span = FinishedSpan(
            name: "GET /questions/{ids}", kind: .client, context: context,
            parentSpanID: SpanID(hex: "b7ad6b7169203331"), startTime: Self.start, endTime: Self.end,
            attributes: [
                "http.response.status_code": 503, "http.request.method": "GET", "x.ratio": .double(0.5),
                "x.cached": true,
            ],
            events: [SpanEvent(name: "first byte", time: Self.end, attributes: ["n": 1])],
            status: .error(description: "HTTP 503"))

        let text = OTLPJSON.traces([span], resource: Self.resource)

        #expect(text == (try Self.goldenLines()).first)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test func writesARootSpanWithoutParentAndAnUnsetStatus() throws {
        let span = FinishedSpan(
            name: "questions", kind: .internal, context: TraceContext.newTrace(), parentSpanID: nil,
            startTime: Self.start, endTime: Self.end)

        let text = OTLPJSON.traces([span], resource: Self.resource)

        #expect(!text.contains("parentSpanId") && !text.contains("traceState"))
        #expect(text.contains(#""kind":1,"#) && text.contains(#""status":{"code":0}"#))
    }

    @Test func writesAnExportMetricsServiceRequest() throws {
        let point = MetricPoint(
            name: "http.client.request.duration", description: "Duration of HTTP client requests.", unit: "s",
            attributes: ["http.request.method": "GET"], startTime: Self.start, time: Self.end, count: 2, sum: 0.75,
            min: 0.25, max: 0.5, explicitBounds: [0.5, 1], bucketCounts: [2, 0, 0])

        let text = OTLPJSON.metrics([point], resource: TelemetryResource(serviceName: "networking"))

        #expect(text == (try Self.goldenLines()).last)
    }

    @Test func escapesTextThatJSONCannotHoldAsIs() throws {
        let span = FinishedSpan(
            name: "a\"b\\c\nd\u{1}é", kind: .client, context: TraceContext.newTrace(), parentSpanID: nil,
            startTime: Self.start, endTime: Self.end)

        let text = OTLPJSON.traces([span], resource: Self.resource)

        #expect(text.contains(#""name":"a\"b\\c\nd\u0001é""#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(!object.isEmpty)
    }
}
