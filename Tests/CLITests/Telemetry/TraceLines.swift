import Foundation
import Testing

/// Reads `--trace` files: the spans of every OTLP/JSON line, their attributes and phase events.
enum TraceLines {
    /// Every span in the file at `url`.
    static func spans(in url: URL) throws -> [[String: Any]] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").flatMap { line -> [[String: Any]] in
            let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let resources = document["resourceSpans"] as? [[String: Any]] ?? []
            return resources.flatMap { $0["scopeSpans"] as? [[String: Any]] ?? [] }
                .flatMap { $0["spans"] as? [[String: Any]] ?? [] }
        }
    }

    /// The OTLP value object of `span`'s attribute `key`.
    static func value(_ span: [String: Any], _ key: String) -> [String: Any]? {
        let attributes = span["attributes"] as? [[String: Any]] ?? []
        return attributes.first { $0["key"] as? String == key }?["value"] as? [String: Any]
    }

    /// `span`'s string attribute `key`.
    static func string(_ span: [String: Any], _ key: String) -> String? {
        value(span, key)?["stringValue"] as? String
    }

    /// `span`'s integer attribute `key` (OTLP/JSON writes 64-bit integers as strings).
    static func int(_ span: [String: Any], _ key: String) -> Int? {
        (value(span, key)?["intValue"] as? String).flatMap { Int($0) }
    }

    /// The seconds of `span`'s `networking.phase.<phase>` event.
    static func phaseSeconds(_ span: [String: Any], _ phase: String) -> Double? {
        let events = span["events"] as? [[String: Any]] ?? []
        let event = events.first { $0["name"] as? String == "networking.phase.\(phase)" }
        let attributes = event?["attributes"] as? [[String: Any]] ?? []
        let value = attributes.first { $0["key"] as? String == "networking.phase.seconds" }?["value"]
        return (value as? [String: Any])?["doubleValue"] as? Double
    }
}
