import Foundation

/// The value of a span, event or metric attribute: the OpenTelemetry primitive types.
public enum AttributeValue: Sendable, Hashable {
    /// Text.
    case string(String)
    /// A 64-bit integer.
    case int(Int64)
    /// A floating-point number.
    case double(Double)
    /// A boolean.
    case bool(Bool)
}

extension AttributeValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    /// A ``string(_:)`` value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An ``int(_:)`` value.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A ``bool(_:)`` value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// Attributes by key, as spans, events and metric points carry them.
public typealias Attributes = [String: AttributeValue]
