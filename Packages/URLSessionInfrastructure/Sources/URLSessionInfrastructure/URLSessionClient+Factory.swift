import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionClient {
    /// Creates a client from a base URL string, as read from configuration.
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL with a host, for example `"https://api.example.com/v2/"`.
    ///   - session: The session to use; the caller keeps ownership of it.
    /// - Throws: ``ConfigurationError`` naming the string when it is not such a URL.
    public convenience init(baseURL: String, session: URLSession = .shared) throws(ConfigurationError) {
        self.init(baseURL: try Self.parseBaseURL(baseURL), session: session)
    }

    /// Creates a client with its own ephemeral session (no persistent cookies, cache or credentials).
    ///
    /// The session is invalidated when the client is released. Redirects and the response size limit take
    /// their defaults (see ``ephemeral(baseURL:requestTimeout:redirects:maximumResponseBytes:)``).
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL with a host.
    ///   - requestTimeout: Seconds a request may wait for data before failing with
    ///     `HTTPTransportError.timedOut(underlying:)` (`timeoutIntervalForRequest`); ``defaultRequestTimeout`` by
    ///     default.
    /// - Throws: ``ConfigurationError`` for a bad base URL or a timeout that is not positive.
    public static func ephemeral(
        baseURL: String, requestTimeout: TimeInterval = defaultRequestTimeout
    ) throws(ConfigurationError) -> URLSessionClient {
        try ephemeral(
            baseURL: baseURL, requestTimeout: requestTimeout, redirects: .standard,
            maximumResponseBytes: defaultMaximumResponseBytes)
    }

    /// Creates a client with its own ephemeral session, redirect policy and response size limit.
    ///
    /// The session is invalidated when the client is released.
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL with a host.
    ///   - requestTimeout: Seconds a request may wait for data before failing with
    ///     `HTTPTransportError.timedOut(underlying:)` (`timeoutIntervalForRequest`); ``defaultRequestTimeout`` by
    ///     default.
    ///   - redirects: Which redirects to follow; `RedirectPolicy.standard` (up to 10) by default.
    ///   - maximumResponseBytes: The most body bytes a response may have, counted after content decoding;
    ///     ``defaultMaximumResponseBytes`` by default.
    /// - Throws: ``ConfigurationError`` for a bad base URL, or a timeout or size limit that is not positive.
    public static func ephemeral(
        baseURL: String, requestTimeout: TimeInterval = defaultRequestTimeout, redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = defaultMaximumResponseBytes
    ) throws(ConfigurationError) -> URLSessionClient {
        try URLSessionClient(
            baseURL: try parseBaseURL(baseURL), configuration: .ephemeral, requestTimeout: requestTimeout,
            redirects: redirects, maximumResponseBytes: maximumResponseBytes)
    }

    /// Checks that `string` is an absolute http(s) URL with a host, a valid port if any, and no fragment.
    /// Errors name the string with its userinfo redacted.
    static func parseBaseURL(_ text: String) throws(ConfigurationError) -> URL {
        let string = RedactedURL.string(from: text)
        guard !text.isEmpty else { throw .emptyBaseURL }
        guard !text.unicodeScalars.contains(where: Self.isWhitespaceOrControl),
            let components = URLComponents(string: text), hasValidPort(components)
        else { throw .unparseableBaseURL(string) }
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .unsupportedScheme(baseURL: string)
        }
        guard let host = components.host, !host.isEmpty else { throw .missingHost(baseURL: string) }
        guard components.fragment == nil else { throw .fragmentInBaseURL(string) }
        guard let url = components.url else { throw .unparseableBaseURL(string) }
        return url
    }

    private static func isWhitespaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    /// No port, an empty one (`http://h:/`), or one in 1...65535; Foundation accepts any digits.
    private static func hasValidPort(_ components: URLComponents) -> Bool {
        guard let range = components.rangeOfPort, !range.isEmpty else { return true }
        return components.port.map { (1...65535).contains($0) } ?? false
    }
}
