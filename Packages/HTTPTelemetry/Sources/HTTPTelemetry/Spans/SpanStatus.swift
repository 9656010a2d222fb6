import Foundation

/// How a span ended.
public enum SpanStatus: Sendable, Hashable {
    /// Nothing is known against it: the default.
    case unset
    /// Marked successful on purpose.
    case ok
    /// Failed, with a short description.
    case error(description: String)

    /// The OTLP status code: `0` unset, `1` ok, `2` error.
    public var code: Int {
        switch self {
        case .unset: 0
        case .ok: 1
        case .error: 2
        }
    }
}
