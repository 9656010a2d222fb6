import Foundation
import HTTPTelemetry

/// OTLP/JSON, the JSON form of the OpenTelemetry protocol's export requests, as its protobuf JSON mapping
/// writes them: trace and span ids as lowercase hex, enums as integers, 64-bit integers as strings, times as
/// Unix nanoseconds.
public enum OTLPJSON {
    /// The instrumentation scope every span and metric is reported under.
    public static let scopeName = "HTTPTelemetry"

    /// An `ExportTraceServiceRequest` holding `spans` under `resource`, as one line of JSON text.
    public static func traces(_ spans: [FinishedSpan], resource: TelemetryResource) -> String {
        JSONValue.object([
            (
                "resourceSpans",
                .array([
                    .object([
                        ("resource", self.resource(resource)),
                        (
                            "scopeSpans",
                            .array([.object([("scope", scope), ("spans", .array(spans.map(span)))])])
                        ),
                    ])
                ])
            )
        ]).text
    }

    /// An `ExportMetricsServiceRequest` holding `points` under `resource`, as one line of JSON text; points of
    /// the same metric share one histogram with cumulative temporality.
    public static func metrics(_ points: [MetricPoint], resource: TelemetryResource) -> String {
        var names: [String] = []
        var byName: [String: [MetricPoint]] = [:]
        for point in points {
            if byName[point.name] == nil { names.append(point.name) }
            byName[point.name, default: []].append(point)
        }
        let metrics = names.compactMap { name in byName[name].flatMap(histogram) }
        return JSONValue.object([
            (
                "resourceMetrics",
                .array([
                    .object([
                        ("resource", self.resource(resource)),
                        ("scopeMetrics", .array([.object([("scope", scope), ("metrics", .array(metrics))])])),
                    ])
                ])
            )
        ]).text
    }

    private static var scope: JSONValue { .object([("name", .string(scopeName))]) }

    private static func resource(_ resource: TelemetryResource) -> JSONValue {
        .object([("attributes", attributes(resource.attributes))])
    }

    private static func span(_ span: FinishedSpan) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("traceId", .string(span.context.traceID.hex)),
            ("spanId", .string(span.context.spanID.hex)),
        ]
        if let state = span.context.traceState { members.append(("traceState", .string(state))) }
        if let parent = span.parentSpanID { members.append(("parentSpanId", .string(parent.hex))) }
        members += [
            ("name", .string(span.name)),
            ("kind", .int(span.kind.rawValue)),
            ("startTimeUnixNano", nanoseconds(span.startTime)),
            ("endTimeUnixNano", nanoseconds(span.endTime)),
            ("attributes", attributes(span.attributes)),
            ("events", .array(span.events.map(event))),
            ("status", status(span.status)),
        ]
        return .object(members)
    }

    private static func event(_ event: SpanEvent) -> JSONValue {
        .object([
            ("timeUnixNano", nanoseconds(event.time)),
            ("name", .string(event.name)),
            ("attributes", attributes(event.attributes)),
        ])
    }

    private static func status(_ status: SpanStatus) -> JSONValue {
        switch status {
        case .unset, .ok: .object([("code", .int(status.code))])
        case .error(let description): .object([("message", .string(description)), ("code", .int(status.code))])
        }
    }

    private static func histogram(_ points: [MetricPoint]) -> JSONValue? {
        guard let first = points.first else { return nil }
        return .object([
            ("name", .string(first.name)),
            ("description", .string(first.description)),
            ("unit", .string(first.unit)),
            (
                "histogram",
                .object([("dataPoints", .array(points.map(dataPoint))), ("aggregationTemporality", .int(2))])
            ),
        ])
    }

    private static func dataPoint(_ point: MetricPoint) -> JSONValue {
        .object([
            ("attributes", attributes(point.attributes)),
            ("startTimeUnixNano", nanoseconds(point.startTime)),
            ("timeUnixNano", nanoseconds(point.time)),
            ("count", .string(String(point.count))),
            ("sum", .double(point.sum)),
            ("bucketCounts", .array(point.bucketCounts.map { .string(String($0)) })),
            ("explicitBounds", .array(point.explicitBounds.map(JSONValue.double))),
            ("min", .double(point.min)),
            ("max", .double(point.max)),
        ])
    }

    /// `attributes` as OTLP `KeyValue`s, sorted by key so the same attributes always write the same text.
    private static func attributes(_ attributes: Attributes) -> JSONValue {
        .array(
            attributes.sorted { $0.key < $1.key }.map { key, value in
                .object([("key", .string(key)), ("value", anyValue(value))])
            })
    }

    private static func anyValue(_ value: AttributeValue) -> JSONValue {
        switch value {
        case .string(let text): .object([("stringValue", .string(text))])
        case .int(let number): .object([("intValue", .string(String(number)))])
        case .double(let number): .object([("doubleValue", .double(number))])
        case .bool(let flag): .object([("boolValue", .bool(flag))])
        }
    }

    /// `date` as Unix nanoseconds in a string (a 64-bit integer); times before 1970 are written as 0.
    private static func nanoseconds(_ date: Date) -> JSONValue {
        let interval = date.timeIntervalSince1970
        let seconds = interval.rounded(.down)
        let nanos = UInt64(max(seconds, 0)) * 1_000_000_000 + UInt64(max((interval - seconds) * 1e9, 0).rounded())
        return .string(String(nanos))
    }
}
