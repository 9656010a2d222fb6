import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The most body bytes one response may have, counted as the session hands them over (after content decoding).
struct ResponseSizeLimit: Equatable, Sendable {
    /// The limit in bytes; always positive.
    let maximumBytes: Int

    /// Whether `response` announces a body past the limit before any byte arrives: a `Content-Length` over it
    /// on a body without content encoding. An encoded body's length says nothing about its decoded size, so
    /// such a body is counted as it arrives instead.
    func refusesUpFront(_ response: URLResponse) -> Bool {
        guard response.expectedContentLength > maximumBytes else { return false }
        guard let http = response as? HTTPURLResponse else { return true }
        return !Self.isContentEncoded(http)
    }

    /// Whether `count` bytes are past the limit.
    func isExceeded(by count: Int) -> Bool {
        count > maximumBytes
    }

    private static func isContentEncoded(_ response: HTTPURLResponse) -> Bool {
        guard let encoding = response.value(forHTTPHeaderField: "Content-Encoding") else { return false }
        let coding = encoding.trimmingCharacters(in: .whitespaces).lowercased()
        return !coding.isEmpty && coding != "identity"
    }
}
