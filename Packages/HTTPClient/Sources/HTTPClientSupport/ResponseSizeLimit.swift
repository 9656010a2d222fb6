import Foundation

/// The most body bytes one response may have, counted as a transport receives them (after content decoding).
///
/// ```swift
/// let limit = ResponseSizeLimit(maximumBytes: 32 * 1024 * 1024)
/// if limit.refusesUpFront(expectedLength: 40_000_000, contentEncoding: nil) { /* stop before the body */ }
/// ```
public struct ResponseSizeLimit: Hashable, Sendable {
    /// The limit in bytes.
    public let maximumBytes: Int

    /// A limit of `maximumBytes`; the caller checks that it is positive.
    public init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Whether a response announces a body past the limit before any byte arrives: a `Content-Length` over it
    /// on a body without content encoding. An encoded body's length says nothing about its decoded size, so
    /// such a body is counted as it arrives instead.
    /// - Parameters:
    ///   - expectedLength: The announced `Content-Length`; negative when unknown.
    ///   - contentEncoding: The `Content-Encoding` field, or `nil` when there is none.
    public func refusesUpFront(expectedLength: Int64, contentEncoding: String?) -> Bool {
        guard expectedLength > maximumBytes else { return false }
        return !Self.isEncoded(contentEncoding)
    }

    /// Whether `count` bytes are past the limit.
    public func isExceeded(by count: Int) -> Bool {
        count > maximumBytes
    }

    private static func isEncoded(_ contentEncoding: String?) -> Bool {
        guard let contentEncoding else { return false }
        let coding = contentEncoding.trimmingCharacters(in: .whitespaces).lowercased()
        return !coding.isEmpty && coding != "identity"
    }
}
