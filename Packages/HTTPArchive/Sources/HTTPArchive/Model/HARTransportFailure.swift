import HTTPClient

/// A recorded `HTTPTransportError` (`_transportError`): its case name and underlying text, so
/// replay throws the same error and decorators (retry) decide as they did when recording.
public struct HARTransportFailure: Codable, Sendable, Equatable {
    /// The case name, for example `"cannotConnect"`.
    public var kind: String
    /// The underlying description; empty for cases without one.
    public var underlying: String

    /// Creates a failure.
    public init(kind: String, underlying: String) {
        self.kind = kind
        self.underlying = underlying
    }

    /// Describes `error`; anything other than an `HTTPTransportError` is recorded as `other`.
    public init(_ error: any Error) {
        switch error as? HTTPTransportError {
        case .timedOut(let text): self.init(kind: "timedOut", underlying: text)
        case .cannotConnect(let text): self.init(kind: "cannotConnect", underlying: text)
        case .connectionLost(let text): self.init(kind: "connectionLost", underlying: text)
        case .cancelled: self.init(kind: "cancelled", underlying: "")
        case .invalidURL(let text): self.init(kind: "invalidURL", underlying: text)
        case .invalidResponse(let text): self.init(kind: "invalidResponse", underlying: text)
        case .tooManyRedirects(let text): self.init(kind: "tooManyRedirects", underlying: text)
        case .secureConnectionFailed(let text): self.init(kind: "secureConnectionFailed", underlying: text)
        case .other(let text): self.init(kind: "other", underlying: text)
        case .responseTooLarge(let limit): self.init(kind: "responseTooLarge", underlying: String(limit))
        case .undecodableContent(let text): self.init(kind: "undecodableContent", underlying: text)
        case nil: self.init(kind: "other", underlying: String(describing: error))
        }
    }

    /// The transport error this failure records; an unknown kind is `HTTPTransportError.other(underlying:)`.
    public var transportError: HTTPTransportError {
        switch kind {
        case "timedOut": .timedOut(underlying: underlying)
        case "cannotConnect": .cannotConnect(underlying: underlying)
        case "connectionLost": .connectionLost(underlying: underlying)
        case "cancelled": .cancelled
        case "invalidURL": .invalidURL(underlying)
        case "invalidResponse": .invalidResponse(underlying: underlying)
        case "tooManyRedirects": .tooManyRedirects(underlying: underlying)
        case "secureConnectionFailed": .secureConnectionFailed(underlying: underlying)
        case "responseTooLarge": Int(underlying).map { .responseTooLarge(limit: $0) } ?? .other(underlying: underlying)
        case "undecodableContent": .undecodableContent(underlying: underlying)
        default: .other(underlying: underlying)
        }
    }

    /// The transport error a browser's or proxy's `_error` text stands for (`net::ERR_CONNECTION_REFUSED`,
    /// `Connection killed`, ...), judged by its words; anything unrecognised is `other`.
    static func transportError(fromMessage message: String) -> HTTPTransportError {
        let text = message.lowercased()
        func mentions(_ words: String...) -> Bool { words.contains { text.contains($0) } }
        if mentions("timed_out", "timed out", "timeout") { return .timedOut(underlying: message) }
        if mentions("refused", "name_not_resolved", "could not connect", "unreachable", "cannot connect") {
            return .cannotConnect(underlying: message)
        }
        if mentions("reset", "closed", "connection lost", "killed", "empty_response") {
            return .connectionLost(underlying: message)
        }
        if mentions("aborted", "cancelled", "canceled") { return .cancelled }
        if mentions("cert", "ssl", "tls") { return .secureConnectionFailed(underlying: message) }
        return .other(underlying: message)
    }
}
