import Foundation

/// Why a redirect chain was stopped: the cause inside `HTTPTransportError.tooManyRedirects(underlying:)`.
public enum RedirectError: Error, Equatable, Sendable {
    /// The chain proposed a request it had already sent, after `redirects` redirects.
    case loop(redirects: Int, url: URL)
    /// The chain went past the policy's `limit`; `url` is where the last redirect pointed.
    case limitExceeded(limit: Int, url: URL)
}

extension RedirectError: CustomStringConvertible {
    /// A one-line description naming the count and the URL, its userinfo redacted.
    public var description: String {
        switch self {
        case .loop(let redirects, let url):
            "redirect loop after \(redirects) redirects: \(url.redactedString) was already visited"
        case .limitExceeded(let limit, let url):
            "more than \(limit) redirects; the last one pointed to \(url.redactedString)"
        }
    }
}

extension RedirectError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
