import Foundation
import HTTPClient
import HTTPTelemetry

/// What the standard `OTEL_*` environment variables ask of telemetry, read as the OpenTelemetry specification
/// says:
///
/// - `OTEL_SDK_DISABLED`: `true` in any letter case turns everything off; any other value leaves it on.
/// - `OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, `OTEL_EXPORTER_OTLP_METRICS_ENDPOINT`:
///   where OTLP/HTTP sends each signal (see ``OTLPEndpoints``).
/// - `OTEL_EXPORTER_OTLP_HEADERS`: extra header fields, `key=value` pairs separated by commas, values
///   percent-decoded.
/// - `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES` (`key=value` pairs like the headers): the resource;
///   `OTEL_SERVICE_NAME` wins over a `service.name` in the attributes.
///
/// An empty variable counts as unset. A value that cannot be used is ignored and listed in ``problems``: an
/// unusable endpoint leaves its signal unexported, unusable headers leave OTLP export off.
public struct TelemetryConfiguration: Sendable, Equatable {
    /// Whether `OTEL_SDK_DISABLED` turned telemetry off.
    public var isDisabled: Bool
    /// Where each signal is exported over OTLP/HTTP; both `nil` when no endpoint is set.
    public var endpoints: OTLPEndpoints
    /// The header fields every export carries.
    public var headers: HTTPHeaders
    /// `OTEL_SERVICE_NAME`, or `nil`.
    public var serviceName: String?
    /// `OTEL_RESOURCE_ATTRIBUTES`, as string attributes.
    public var resourceAttributes: Attributes
    /// The variables that were ignored, in the order above.
    public var problems: [TelemetryConfigurationError]

    /// Reads the variables from `environment`, such as `ProcessInfo.processInfo.environment`.
    public init(environment: [String: String]) {
        var problems: [TelemetryConfigurationError] = []
        func value(_ name: String) -> String? {
            environment[name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        func url(_ name: String) -> URL? {
            guard let text = value(name) else { return nil }
            guard let url = Self.httpURL(text) else {
                problems.append(TelemetryConfigurationError(variable: name, problem: .notAnHTTPURL))
                return nil
            }
            return url
        }
        func list(_ name: String, check: (KeyValueList.Member) -> Bool = { _ in true }) -> [KeyValueList.Member]? {
            guard let text = value(name) else { return [] }
            let problem: TelemetryConfigurationError.Problem
            switch KeyValueList.parse(text) {
            case .success(let members):
                guard let invalid = members.first(where: { !check($0) }) else { return members }
                problem = .notAKeyValueList(member: invalid.position)
            case .failure(let invalid):
                problem = .notAKeyValueList(member: invalid.member)
            }
            problems.append(TelemetryConfigurationError(variable: name, problem: problem))
            return nil
        }

        let disabled = value("OTEL_SDK_DISABLED")?.trimmingCharacters(in: .whitespaces).lowercased()
        isDisabled = disabled == "true"
        if let disabled, disabled != "true", disabled != "false" {
            problems.append(TelemetryConfigurationError(variable: "OTEL_SDK_DISABLED", problem: .notABoolean))
        }
        let general = url("OTEL_EXPORTER_OTLP_ENDPOINT")
        let traces = url("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        let metrics = url("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT")
        if let fields = list("OTEL_EXPORTER_OTLP_HEADERS", check: Self.isHeaderField) {
            endpoints = OTLPEndpoints(endpoint: general, traces: traces, metrics: metrics)
            headers = HTTPHeaders(fields.map { ($0.key, $0.value) })
        } else {
            endpoints = OTLPEndpoints(traces: nil, metrics: nil)
            headers = HTTPHeaders()
        }
        serviceName = value("OTEL_SERVICE_NAME")
        let attributes = list("OTEL_RESOURCE_ATTRIBUTES") ?? []
        resourceAttributes = Dictionary(attributes.map { ($0.key, AttributeValue.string($0.value)) }) { _, last in last
        }
        self.problems = problems
    }

    /// Whether any signal is exported over OTLP/HTTP.
    public var exportsOverOTLP: Bool {
        !isDisabled && (endpoints.traces != nil || endpoints.metrics != nil)
    }

    /// The resource: ``resourceAttributes``, then `service.name` from ``serviceName``, from the attributes, or
    /// `defaultServiceName`, in that order.
    public func resource(defaultServiceName: String, attributes extra: Attributes = [:]) -> TelemetryResource {
        let attributes = resourceAttributes.merging(extra) { _, given in given }
        let name = serviceName ?? resourceAttributes["service.name"].flatMap(\.text) ?? defaultServiceName
        return TelemetryResource(serviceName: name, attributes: attributes)
    }

    private static func httpURL(_ text: String) -> URL? {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        return components.url
    }

    /// A header name that is an RFC 9110 token, and a value with no line break or NUL.
    private static func isHeaderField(_ member: KeyValueList.Member) -> Bool {
        let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
        return member.key.unicodeScalars.allSatisfy { $0.isASCII && token.contains($0) }
            && !member.value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }
}

extension AttributeValue {
    /// The text of a ``string(_:)`` value, or `nil`.
    fileprivate var text: String? {
        if case .string(let text) = self { text } else { nil }
    }
}
