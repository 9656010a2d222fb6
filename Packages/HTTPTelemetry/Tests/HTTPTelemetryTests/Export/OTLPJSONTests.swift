import Foundation
import HTTPTelemetry
import Testing

struct OTLPJSONTests {
    static let resource = TelemetryResource(serviceName: "networking", attributes: ["service.version": "1.0"])
    static let start = Date(timeIntervalSince1970: 1_700_000_000.25)
    static let end = Date(timeIntervalSince1970: 1_700_000_000.5)

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

        #expect(
            text
                == #"{"resourceSpans":[{"resource":{"attributes":["#
                + #"{"key":"service.name","value":{"stringValue":"networking"}},"#
                + #"{"key":"service.version","value":{"stringValue":"1.0"}}]},"#
                + #""scopeSpans":[{"scope":{"name":"HTTPTelemetry"},"spans":[{"#
                + #""traceId":"4bf92f3577b34da6a3ce929d0e0e4736","spanId":"00f067aa0ba902b7","traceState":"a=1","#
                + #""parentSpanId":"b7ad6b7169203331","name":"GET /questions/{ids}","kind":3,"#
                + #""startTimeUnixNano":"1700000000250000000","endTimeUnixNano":"1700000000500000000","#
                + #""attributes":[{"key":"http.request.method","value":{"stringValue":"GET"}},"#
                + #"{"key":"http.response.status_code","value":{"intValue":"503"}},"#
                + #"{"key":"x.cached","value":{"boolValue":true}},{"key":"x.ratio","value":{"doubleValue":0.5}}],"#
                + #""events":[{"timeUnixNano":"1700000000500000000","name":"first byte","#
                + #""attributes":[{"key":"n","value":{"intValue":"1"}}]}],"#
                + #""status":{"message":"HTTP 503","code":2}}]}]}]}"#)
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

    @Test func writesAnExportMetricsServiceRequest() {
        let point = MetricPoint(
            name: "http.client.request.duration", description: "Duration of HTTP client requests.", unit: "s",
            attributes: ["http.request.method": "GET"], startTime: Self.start, time: Self.end, count: 2, sum: 0.75,
            min: 0.25, max: 0.5, explicitBounds: [0.5, 1], bucketCounts: [2, 0, 0])

        let text = OTLPJSON.metrics([point], resource: TelemetryResource(serviceName: "networking"))

        #expect(
            text
                == #"{"resourceMetrics":[{"resource":{"attributes":["#
                + #"{"key":"service.name","value":{"stringValue":"networking"}}]},"#
                + #""scopeMetrics":[{"scope":{"name":"HTTPTelemetry"},"metrics":[{"#
                + #""name":"http.client.request.duration","description":"Duration of HTTP client requests.","#
                + #""unit":"s","histogram":{"dataPoints":[{"#
                + #""attributes":[{"key":"http.request.method","value":{"stringValue":"GET"}}],"#
                + #""startTimeUnixNano":"1700000000250000000","timeUnixNano":"1700000000500000000","#
                + #""count":"2","sum":0.75,"bucketCounts":["2","0","0"],"explicitBounds":[0.5,1.0],"#
                + #""min":0.25,"max":0.5}],"aggregationTemporality":2}}]}]}]}"#)
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
