import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionClient {
    /// Creates a client for `baseURL` that reaches origins as `proxy` says, or throws when this platform's
    /// URLSession cannot, rather than going direct.
    ///
    /// On Linux, FoundationNetworking ignores `connectionProxyDictionary`, and its libcurl reads the proxy
    /// variables of the environment itself: `HTTPProxy.environment` is honoured by curl's rules,
    /// `HTTPProxy.direct` only while the environment names no proxy, and `HTTPProxy.url(_:)` never
    /// (use `CurlClient`, or set `https_proxy` and `http_proxy`). On Apple platforms `proxy` becomes the
    /// configuration's `connectionProxyDictionary`; a proxy URL with credentials, or an `https` proxy, is
    /// refused there. The other parameters are
    /// ``init(baseURL:configuration:requestTimeout:redirects:maximumResponseBytes:)``'s.
    /// - Throws: `TransportConfigurationError`: the initializer's errors, `invalidProxy` for an unusable proxy
    ///   URL, and `unsupportedProxy` for a setting this platform's URLSession cannot honour; credentials are
    ///   redacted in both.
    public convenience init(
        baseURL: URL, configuration: URLSessionConfiguration = .ephemeral,
        requestTimeout: TimeInterval = URLSessionClient.defaultRequestTimeout,
        redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = URLSessionClient.defaultMaximumResponseBytes, proxy: HTTPProxy
    ) throws(TransportConfigurationError) {
        try self.init(
            baseURL: baseURL, configuration: configuration, requestTimeout: requestTimeout, redirects: redirects,
            maximumResponseBytes: maximumResponseBytes, proxy: proxy,
            environment: ProcessInfo.processInfo.environment)
    }

    /// The initializer above with `environment` in place of the process environment, for tests.
    convenience init(
        baseURL: URL, configuration: URLSessionConfiguration = .ephemeral,
        requestTimeout: TimeInterval = URLSessionClient.defaultRequestTimeout,
        redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = URLSessionClient.defaultMaximumResponseBytes, proxy: HTTPProxy,
        environment: [String: String]
    ) throws(TransportConfigurationError) {
        let copy = configuration.copy() as? URLSessionConfiguration ?? .ephemeral
        try ProxyConfigurator.apply(proxy, to: copy, environment: environment)
        try self.init(
            baseURL: baseURL, configuration: copy, requestTimeout: requestTimeout, redirects: redirects,
            maximumResponseBytes: maximumResponseBytes)
    }
}
