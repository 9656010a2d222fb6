import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPTelemetry
import HTTPTelemetryOTLP

/// The `OTEL_EXPORTER_OTLP_*` half of a command's telemetry: an ``OTLPHTTPExporter`` made when the command
/// ends, over chains of their own (no tracing, no recording, no logging, no cache), bounded by one deadline of
/// ``deadline`` from that moment, so exporting adds at most that much to the command.
package struct OTLPCommandExport {
    /// How long the export of a command's spans and metrics may take, both together.
    package static let deadline: Duration = .seconds(2)
    /// The most bytes a collector's answer may have.
    static let responseLimit = 64 << 10

    /// The endpoints and the headers of the export.
    let configuration: TelemetryConfiguration
    /// The resource every export names.
    let resource: TelemetryResource
    /// Makes the transport for each endpoint: the live one, never the `--replay` archive.
    let makeTransport: HTTPClientFactory.MakeTransport

    /// An export to `configuration`'s endpoints, naming `resource`, over transports `makeTransport` makes.
    package init(
        configuration: TelemetryConfiguration, resource: TelemetryResource,
        makeTransport: @escaping HTTPClientFactory.MakeTransport
    ) {
        self.configuration = configuration
        self.resource = resource
        self.makeTransport = makeTransport
    }

    /// Exports `spans`, then `points`, within ``deadline``; the first failure ends the export and is returned.
    package func export(spans: [FinishedSpan], points: [MetricPoint]) async -> OTLPExportError? {
        let exporter = exporter(deadline: SharedDeadline(after: Self.deadline, expired: Self.expired))
        do {
            if !spans.isEmpty { try await exporter.export(spans: spans) }
        } catch {
            return Self.failure(error, signal: .traces)
        }
        do {
            if !points.isEmpty { try await exporter.export(metrics: points) }
        } catch {
            return Self.failure(error, signal: .metrics)
        }
        return nil
    }

    /// `error` as the exporter threw it, or as an unreachable collector when something else threw.
    private static func failure(_ error: any Error, signal: OTLPSignal) -> OTLPExportError {
        error as? OTLPExportError ?? .unreachable(signal: signal, underlying: error)
    }

    private func exporter(deadline: SharedDeadline) -> OTLPHTTPExporter {
        let makeTransport = makeTransport
        let settings = TransportSettings(
            requestTimeout: TimeInterval(Self.deadline.components.seconds), maximumResponseBytes: Self.responseLimit)
        func client(_ endpoint: URL) -> any HTTPClient {
            LazyHTTPClient { try makeTransport(endpoint, settings) }
                .injecting(headers: ["User-Agent": HTTPClientFactory.userAgent])
                .bounded(by: deadline)
        }
        return OTLPHTTPExporter(
            traces: configuration.endpoints.traces.map(client), metrics: configuration.endpoints.metrics.map(client),
            headers: configuration.headers, resource: resource)
    }

    /// The error an export gets once ``deadline`` has passed.
    @Sendable private static func expired() -> any Error {
        HTTPTransportError.timedOut(underlying: Expired())
    }

    /// The cause of an export that ran out of time: "no answer within 2 s".
    struct Expired: Error, CustomStringConvertible {
        var description: String { "no answer within \(CommandDeadline.seconds(OTLPCommandExport.deadline)) s" }
    }
}
