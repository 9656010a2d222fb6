import CommandLineKit
import Foundation
import HTTPTelemetry
import HTTPTelemetryOTLP
import NetworkingComposition

/// The command's telemetry: one root INTERNAL span per command, a CLIENT span per request attempt under it, and
/// the request-duration histogram, written when the command ends as OTLP/JSON Lines, the spans to the `--trace`
/// file and the histogram to the `--trace-metrics` file (one signal per file), and posted to the OTLP collector
/// that `OTEL_EXPORTER_OTLP_*` names (see ``OTLPCommandExport``).
///
/// The root span is a child of the `TRACEPARENT` (and `TRACESTATE`) context in the environment, the
/// OpenTelemetry environment carrier, when it holds a valid one; otherwise it starts a new trace. Each file is
/// created with mode 0600 when missing and never written through a symbolic link. The `OTEL_*` variables are
/// read as `TelemetryConfiguration` says; `OTEL_SDK_DISABLED=true` turns all of it off, the files included.
struct CommandTrace {
    /// Where the chains' spans go, when `--trace` or `--trace-metrics` was given or an OTLP endpoint is set.
    let collector: TelemetryCollector?
    /// The root span's context: the parent of every request span.
    let root: TraceContext
    /// The `OTEL_*` values that were ignored, and the files when `OTEL_SDK_DISABLED` turned them off: one warning
    /// line each.
    let warnings: [String]
    private let file: JSONLinesExporter?
    private let otlp: OTLPCommandExport?
    private let parentSpanID: SpanID?
    private let startTime: Date

    /// Prepares the trace of one command; nothing is traced without a file or an OTLP endpoint.
    /// - Parameters:
    ///   - path: The `--trace` file, or `nil`.
    ///   - metricsPath: The `--trace-metrics` file, or `nil`.
    ///   - environment: The process environment: `TRACEPARENT`, `TRACESTATE` and the `OTEL_*` variables.
    ///   - makeTransport: Makes the transport of each OTLP endpoint.
    init(
        path: String?, metricsPath: String?, environment: [String: String],
        makeTransport: @escaping HTTPClientFactory.MakeTransport
    ) {
        let parent = environment["TRACEPARENT"].flatMap {
            TraceContext(traceparent: $0, tracestate: environment["TRACESTATE"])
        }
        root = parent?.child() ?? .newTrace()
        parentSpanID = parent?.spanID
        let configuration = TelemetryConfiguration(environment: environment)
        var warnings = configuration.problems.map { Report.line(nil, $0) }
        let resource = configuration.resource(
            defaultServiceName: "networking", attributes: ["service.version": .string(NetworkingVersion.current)])
        if configuration.isDisabled {
            file = nil
            otlp = nil
            for (option, given) in [("--trace", path), ("--trace-metrics", metricsPath)] where given != nil {
                warnings.append("networking: OTEL_SDK_DISABLED is true, so \(option) writes nothing.\n")
            }
        } else {
            file =
                path == nil && metricsPath == nil
                ? nil
                : JSONLinesExporter(
                    url: path.map { URL(fileURLWithPath: $0) },
                    metricsURL: metricsPath.map { URL(fileURLWithPath: $0) },
                    resource: resource)
            otlp =
                configuration.exportsOverOTLP
                ? OTLPCommandExport(configuration: configuration, resource: resource, makeTransport: makeTransport)
                : nil
        }
        self.warnings = warnings
        let collector = file != nil || otlp != nil ? TelemetryCollector(exporter: file ?? NoFileExporter()) : nil
        self.collector = collector
        startTime = collector?.now() ?? Date()
    }

    /// Runs `body` under the root span when tracing.
    func run<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        guard collector != nil else { return try await body() }
        return try await TraceContext.$current.withValue(root) { try await body() }
    }

    /// Ends the root span with the command's exit `status`, writes the trace file and posts to the collector;
    /// a file that cannot be written and an export that fails are one line each on standard error, and the exit
    /// status stays as it is.
    func finish(_ status: ExitStatus, commandPath: [String], console: Console) async {
        guard let collector else { return }
        let root = FinishedSpan(
            name: Self.spanName(of: commandPath), kind: .internal, context: root, parentSpanID: parentSpanID,
            startTime: startTime, endTime: collector.now(),
            attributes: ["process.exit.code": .int(Int64(status.rawValue))],
            status: status == .success ? .unset : .error(description: "exit status \(status.rawValue)"))
        collector.record(root)
        let spans = collector.pendingSpans
        let points = collector.metricPoints()
        if file != nil {
            do {
                try await collector.flush()
            } catch {
                console.writeError(Report.line("Could not write the trace (--trace, --trace-metrics)", error))
            }
        }
        if let otlp, let failure = await otlp.export(spans: spans, points: points) {
            console.writeError(Report.line("Telemetry was not exported", failure))
        }
    }

    /// The tool's name and the command's words, as ``CommandTable`` spells them: `networking files download`.
    static func spanName(of commandPath: [String]) -> String {
        ([CommandTable.tool.name] + commandPath).joined(separator: " ")
    }
}

/// The collector's exporter when only the OTLP collector receives the command's telemetry: ``CommandTrace``
/// never flushes to it.
private struct NoFileExporter: TelemetryExporter {
    func export(spans: [FinishedSpan]) async throws {}
    func export(metrics: [MetricPoint]) async throws {}
}
