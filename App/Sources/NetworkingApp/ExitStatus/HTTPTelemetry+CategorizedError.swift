import HTTPTelemetry
import HTTPTelemetryOTLP

extension OTLPExportError: CategorizedError {
    /// A collector that refused an export is a server error; one that could not be reached, a network failure.
    /// The tool reports either as a warning and keeps the command's own status.
    var exitStatus: ExitStatus {
        switch self {
        case .rejected: .serverError
        case .unreachable: .networkFailure
        }
    }
}

extension TelemetryConfigurationError: CategorizedError {
    /// An `OTEL_*` value the tool cannot use is a usage error; the tool reports it as a warning and runs the
    /// command without that setting.
    var exitStatus: ExitStatus { .usage }
}
