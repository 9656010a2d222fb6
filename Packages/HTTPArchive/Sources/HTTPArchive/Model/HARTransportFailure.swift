import HTTPClient

/// A recorded `HTTPTransportError` (`_transportError`): its case name and the text of its cause, so replay
/// throws the same kind of error and decorators (retry) decide as they did when recording.
///
/// In the file the text is stored under the key `underlying`.
public struct HARTransportFailure: Codable, Sendable, Equatable {
    /// The case name, for example `"cannotConnect"` (an `HTTPTransportError.Kind` raw value).
    public var kind: String
    /// The text of the cause; empty for cases without one.
    public var message: String

    private enum CodingKeys: String, CodingKey {
        case kind
        case message = "underlying"
    }

    /// Creates a failure.
    public init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }

    /// Describes `error`; anything other than an `HTTPTransportError` is recorded as `other`.
    public init(_ error: any Error) {
        guard let error = error as? HTTPTransportError else {
            self.init(kind: HTTPTransportError.Kind.other.rawValue, message: String(describing: error))
            return
        }
        let message =
            switch error {
            case .invalidURL(let text): text
            case .responseTooLarge(let limit): String(limit)
            default: error.underlyingDescription ?? ""
            }
        self.init(kind: error.kind.rawValue, message: message)
    }

    /// The transport error this failure records, its cause a ``HARRecordedError`` with the recorded text; an
    /// unknown kind is `HTTPTransportError.other(underlying:)`.
    public var transportError: HTTPTransportError {
        let cause = HARRecordedError(message: message)
        return switch HTTPTransportError.Kind(rawValue: kind) {
        case .timedOut: .timedOut(underlying: cause)
        case .cannotConnect: .cannotConnect(underlying: cause)
        case .connectionLost: .connectionLost(underlying: cause)
        case .cancelled: .cancelled
        case .invalidURL: .invalidURL(message)
        case .invalidResponse: .invalidResponse(underlying: cause)
        case .tooManyRedirects: .tooManyRedirects(underlying: cause)
        case .secureConnectionFailed: .secureConnectionFailed(underlying: cause)
        case .responseTooLarge: Int(message).map { .responseTooLarge(limit: $0) } ?? .other(underlying: cause)
        case .undecodableContent: .undecodableContent(underlying: cause)
        case .untrustedCertificate: .untrustedCertificate(underlying: cause)
        case .certificateNameMismatch: .certificateNameMismatch(underlying: cause)
        case .certificateOutsideValidityPeriod: .certificateOutsideValidityPeriod(underlying: cause)
        case .pinnedKeyMismatch: .pinnedKeyMismatch(underlying: cause)
        case .clientCertificateRejected: .clientCertificateRejected(underlying: cause)
        case .noCommonTLSVersion: .noCommonTLSVersion(underlying: cause)
        case .other, nil: .other(underlying: cause)
        }
    }

    /// The transport error a browser's or proxy's `_error` text stands for (`net::ERR_CONNECTION_REFUSED`,
    /// `Connection killed`, ...), judged by its words; anything unrecognised is `other`.
    static func transportError(fromMessage message: String) -> HTTPTransportError {
        let text = message.lowercased()
        let cause = HARRecordedError(message: message)
        func mentions(_ words: String...) -> Bool { words.contains { text.contains($0) } }
        if mentions("timed_out", "timed out", "timeout") { return .timedOut(underlying: cause) }
        if mentions("refused", "name_not_resolved", "could not connect", "unreachable", "cannot connect") {
            return .cannotConnect(underlying: cause)
        }
        if mentions("reset", "closed", "connection lost", "killed", "empty_response") {
            return .connectionLost(underlying: cause)
        }
        if mentions("aborted", "cancelled", "canceled") { return .cancelled }
        if mentions("cert", "ssl", "tls") { return .secureConnectionFailed(underlying: cause) }
        return .other(underlying: cause)
    }
}
