import Foundation

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
    /// The session is invalidated when the client is released.
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL with a host.
    ///   - requestTimeout: Seconds a request may wait for data before failing with
    ///     `HTTPTransportError.timedOut(underlying:)` (`timeoutIntervalForRequest`); 30 by default.
    /// - Throws: ``ConfigurationError`` for a bad base URL or a timeout that is not positive.
    public static func ephemeral(
        baseURL: String, requestTimeout: TimeInterval = 30
    ) throws(ConfigurationError) -> URLSessionClient {
        let url = try parseBaseURL(baseURL)
        guard requestTimeout > 0, requestTimeout.isFinite else { throw .invalidRequestTimeout(requestTimeout) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        return URLSessionClient(baseURL: url, session: URLSession(configuration: configuration), ownsSession: true)
    }

    /// Checks that `string` is an absolute http(s) URL with a host, a valid port if any, and no fragment.
    static func parseBaseURL(_ string: String) throws(ConfigurationError) -> URL {
        guard !string.isEmpty else { throw .emptyBaseURL }
        guard !string.unicodeScalars.contains(where: Self.isWhitespaceOrControl),
            let components = URLComponents(string: string), hasValidPort(components)
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
