import Foundation

/// Something that happened at one moment during a span.
public struct SpanEvent: Sendable, Hashable {
    /// The event's name.
    public var name: String
    /// When it happened.
    public var time: Date
    /// What is known about it.
    public var attributes: Attributes

    /// Creates an event.
    public init(name: String, time: Date, attributes: Attributes = [:]) {
        self.name = name
        self.time = time
        self.attributes = attributes
    }
}
