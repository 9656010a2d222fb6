import DevServerSupport
import Foundation
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

/// What the dev server's OTLP/HTTP receiver kept (`GET /_admin/otlp`), per signal, in arrival order.
struct OTLPExports: CustomStringConvertible {
    /// One export: the headers it came with and its OTLP/JSON document.
    struct Export {
        let headers: [[String]]
        let document: [String: Any]

        /// The value of the header `name` (lowercase), as the receiver saw it.
        func header(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name }?.last
        }

        /// Every span of a trace export.
        var spans: [[String: Any]] {
            (document["resourceSpans"] as? [[String: Any]] ?? [])
                .flatMap { $0["scopeSpans"] as? [[String: Any]] ?? [] }
                .flatMap { $0["spans"] as? [[String: Any]] ?? [] }
        }

        /// The data points of `http.client.request.duration` in a metrics export.
        var durationPoints: [[String: Any]] {
            (document["resourceMetrics"] as? [[String: Any]] ?? [])
                .flatMap { $0["scopeMetrics"] as? [[String: Any]] ?? [] }
                .flatMap { $0["metrics"] as? [[String: Any]] ?? [] }
                .filter { $0["name"] as? String == "http.client.request.duration" }
                .flatMap { ($0["histogram"] as? [String: Any])?["dataPoints"] as? [[String: Any]] ?? [] }
        }

        /// The `service.name` of the export's first resource.
        var serviceName: String? {
            let resources = (document["resourceSpans"] ?? document["resourceMetrics"]) as? [[String: Any]]
            let attributes = (resources?.first?["resource"] as? [String: Any])?["attributes"] as? [[String: Any]]
            let name = attributes?.first { $0["key"] as? String == "service.name" }
            return (name?["value"] as? [String: Any])?["stringValue"] as? String
        }
    }

    let traces: [Export]
    let metrics: [Export]

    var description: String { "\(traces.count) trace export(s), \(metrics.count) metrics export(s)" }

    /// Reads what `server` received so far.
    static func received(by server: DevServer) async throws -> OTLPExports {
        let client = try URLSessionClient.ephemeral(baseURL: server.baseURL.absoluteString)
        let (data, _) = try await client.load(request: devRequest(.get, "_admin/otlp"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [[String: Any]]])
        func exports(_ signal: String) -> [Export] {
            (document[signal] ?? []).map {
                Export(headers: $0["headers"] as? [[String]] ?? [], document: $0["body"] as? [String: Any] ?? [:])
            }
        }
        return OTLPExports(traces: exports("traces"), metrics: exports("metrics"))
    }
}
