import Foundation
import HTTPTelemetry

/// Appends each export as one line of OTLP/JSON (JSON Lines), each signal to a file of its own as the OTLP file
/// exporter specification asks: an `ExportTraceServiceRequest` per span export to the spans file, an
/// `ExportMetricsServiceRequest` per metrics export to the metrics file. A signal without a file is not exported.
///
/// A file is created with mode 0600 when missing and appended to when present; a symbolic link in its place is
/// refused, so the lines never land elsewhere.
public struct JSONLinesExporter: TelemetryExporter {
    /// The file the span lines are appended to; `nil` exports no spans.
    public let url: URL?
    /// The file the metric lines are appended to; `nil` exports no metrics.
    public let metricsURL: URL?
    /// The resource every line names.
    public let resource: TelemetryResource

    /// An exporter that appends spans to the file at `url` and metric points to the file at `metricsURL`; a
    /// signal whose file is `nil` is not exported. A file is opened at each export.
    public init(url: URL?, metricsURL: URL? = nil, resource: TelemetryResource) {
        self.url = url
        self.metricsURL = metricsURL
        self.resource = resource
    }

    public func export(spans: [FinishedSpan]) async throws {
        guard let url else { return }
        try append(OTLPJSON.traces(spans, resource: resource), to: url)
    }

    public func export(metrics: [MetricPoint]) async throws {
        guard let metricsURL else { return }
        try append(OTLPJSON.metrics(metrics, resource: resource), to: metricsURL)
    }

    /// Writes `line` and a newline at the end of the file at `url`.
    /// - Throws: `POSIXError` when the file cannot be opened (a symbolic link gives `ELOOP`) or written.
    private func append(_ line: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.lastError() }
        defer { close(descriptor) }
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.lastError()
            }
            written += count
        }
    }

    private static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
