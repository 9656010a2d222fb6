import Foundation
import HTTPTelemetry

/// An `OTEL_*` variable whose value cannot be used; ``TelemetryConfiguration`` ignores it and says so here.
///
/// The description names the variable and what is wrong, never the value: `OTEL_EXPORTER_OTLP_HEADERS` holds
/// credentials.
public struct TelemetryConfigurationError: Error, Sendable, Hashable {
    /// What is wrong with a value.
    public enum Problem: Sendable, Hashable {
        /// Not an absolute `http` or `https` URL.
        case notAnHTTPURL
        /// Not a comma-separated list of `key=value` members; `member` is the 1-based position of the first
        /// one that is not.
        case notAKeyValueList(member: Int)
        /// Neither `true` nor `false` (in any letter case).
        case notABoolean
    }

    /// The variable, such as `OTEL_EXPORTER_OTLP_ENDPOINT`.
    public let variable: String
    /// What is wrong with its value.
    public let problem: Problem

    /// An error for `variable`.
    public init(variable: String, problem: Problem) {
        self.variable = variable
        self.problem = problem
    }
}

extension TelemetryConfigurationError: CustomStringConvertible {
    /// One line naming the variable, what is wrong and what happens instead; never the value.
    public var description: String {
        switch problem {
        case .notAnHTTPURL:
            "\(variable) is not an absolute http or https URL; it is ignored"
        case .notAKeyValueList(let member):
            "\(variable) is not a list of key=value pairs (member \(member)); it is ignored"
        case .notABoolean:
            "\(variable) is neither true nor false; telemetry stays on"
        }
    }
}

extension TelemetryConfigurationError: LocalizedError {
    /// The same text as `description`.
    public var errorDescription: String? { description }
}
