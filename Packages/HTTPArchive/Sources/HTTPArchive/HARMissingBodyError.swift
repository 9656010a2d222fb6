import Foundation

/// A recorded answer whose body the archive does not hold whole: ``HARReplayClient`` throws it instead of
/// serving bytes the server never sent.
public struct HARMissingBodyError: Error, Equatable, Sendable {
    /// Why the body is not in the archive.
    public enum Reason: Equatable, Sendable {
        /// The entry has no `text` (a body the recorder left out, or an archive that omits bodies).
        case absent
        /// The entry's text is the redaction marker `"[redacted]"`.
        case redacted
        /// The text holds `kept` of the body's `size` bytes.
        case truncated(kept: Int, size: Int)
    }

    /// The recorded request's method.
    public let method: String
    /// The recorded request's URL, its user name and password redacted.
    public let url: String
    /// Why the body is missing.
    public let reason: Reason

    /// Creates the error.
    public init(method: String, url: String, reason: Reason) {
        self.method = method
        self.url = url
        self.reason = reason
    }
}

extension HARMissingBodyError: CustomStringConvertible {
    /// A one-line description naming the request and what the archive lacks.
    public var description: String {
        let lack =
            switch reason {
            case .absent: "has no body"
            case .redacted: "has a redacted body"
            case .truncated(let kept, let size): "holds \(kept) of the body's \(size) bytes"
            }
        return "The archive's answer to \(method) \(url) \(lack): it cannot be replayed"
    }
}

extension HARMissingBodyError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
