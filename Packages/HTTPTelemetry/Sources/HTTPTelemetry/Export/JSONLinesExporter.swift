import Foundation

/// Appends each export to a file as one line of OTLP/JSON (JSON Lines): an `ExportTraceServiceRequest` per
/// span export, an `ExportMetricsServiceRequest` per metrics export.
///
/// The file is created with mode 0600 when missing and appended to when present; a symbolic link in its
/// place is refused, so the lines never land elsewhere.
public struct JSONLinesExporter: TelemetryExporter {
    /// The file the lines are appended to.
    public let url: URL
    /// The resource every line names.
    public let resource: TelemetryResource

    /// An exporter that appends to the file at `url`; the file is opened at each export.
    public init(url: URL, resource: TelemetryResource) {
        self.url = url
        self.resource = resource
    }

    public func export(spans: [FinishedSpan]) async throws {
        try append(OTLPJSON.traces(spans, resource: resource))
    }

    public func export(metrics: [MetricPoint]) async throws {
        try append(OTLPJSON.metrics(metrics, resource: resource))
    }

    /// Writes `line` and a newline at the end of the file.
    /// - Throws: `POSIXError` when the file cannot be opened (a symbolic link gives `ELOOP`) or written.
    private func append(_ line: String) throws {
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
