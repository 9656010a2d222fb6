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
    /// - Throws: `TransportConfigurationError` naming the string when it is not such a URL.
    public convenience init(baseURL: String, session: URLSession = .shared) throws(TransportConfigurationError) {
        self.init(baseURL: try BaseURL.parse(baseURL), session: session)
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
    /// - Throws: `TransportConfigurationError` for a bad base URL or a timeout that is not positive.
    public static func ephemeral(
        baseURL: String, requestTimeout: TimeInterval = defaultRequestTimeout
    ) throws(TransportConfigurationError) -> URLSessionClient {
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
    /// - Throws: `TransportConfigurationError` for a bad base URL, or a timeout or size limit that is not positive.
    public static func ephemeral(
        baseURL: String, requestTimeout: TimeInterval = defaultRequestTimeout, redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = defaultMaximumResponseBytes
    ) throws(TransportConfigurationError) -> URLSessionClient {
        try URLSessionClient(
            baseURL: try BaseURL.parse(baseURL), configuration: .ephemeral, requestTimeout: requestTimeout,
            redirects: redirects, maximumResponseBytes: maximumResponseBytes)
    }
}
