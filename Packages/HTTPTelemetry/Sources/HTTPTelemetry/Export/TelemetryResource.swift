import Foundation

/// What produced the telemetry (`service.name`, `service.version`, ...): the OTLP resource attributes.
public struct TelemetryResource: Sendable, Hashable {
    /// The attributes, by OpenTelemetry resource attribute name.
    public var attributes: Attributes

    /// A resource with these attributes.
    public init(attributes: Attributes) {
        self.attributes = attributes
    }

    /// A resource named `serviceName`, with `attributes` beside it.
    public init(serviceName: String, attributes: Attributes = [:]) {
        var all = attributes
        all["service.name"] = .string(serviceName)
        self.attributes = all
    }
}
