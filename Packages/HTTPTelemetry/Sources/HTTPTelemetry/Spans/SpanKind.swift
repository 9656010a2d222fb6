import Foundation

/// What a span stands for, with the numbers OTLP gives the kinds.
public enum SpanKind: Int, Sendable, Hashable {
    /// Work inside the process, such as a command.
    case `internal` = 1
    /// The handling of a request that came in.
    case server = 2
    /// One outgoing request: one attempt at an HTTP exchange.
    case client = 3
    /// The sending of a message.
    case producer = 4
    /// The handling of a message.
    case consumer = 5
}
