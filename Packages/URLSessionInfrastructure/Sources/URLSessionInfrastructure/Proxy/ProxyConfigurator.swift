import Foundation
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Puts an `HTTPProxy` setting into a session configuration, or refuses one URLSession cannot honour here.
enum ProxyConfigurator {
    /// Sets `configuration`'s proxies for `proxy`, reading `environment` for `HTTPProxy.environment`.
    /// - Throws: `TransportConfigurationError.invalidProxy` or `.unsupportedProxy`.
    static func apply(
        _ proxy: HTTPProxy, to configuration: URLSessionConfiguration, environment: [String: String]
    ) throws(TransportConfigurationError) {
        // Resolving checks the proxy URLs, here and in the environment, on every platform.
        let routes = try proxy.routes(environment: environment)
        #if canImport(FoundationNetworking)
            try checkLinux(proxy, environmentRoutes: try HTTPProxy.environment.routes(environment: environment))
            _ = (routes, configuration)
        #else
            configuration.connectionProxyDictionary = try dictionary(proxy, routes: routes)
        #endif
    }

    #if canImport(FoundationNetworking)
        /// FoundationNetworking never reads `connectionProxyDictionary`; its libcurl applies the environment's
        /// proxy variables, by the same rules as `HTTPProxy.environment`.
        private static func checkLinux(
            _ proxy: HTTPProxy, environmentRoutes: HTTPProxy.Routes
        ) throws(TransportConfigurationError) {
            switch proxy {
            case .environment:
                return
            case .direct:
                guard environmentRoutes != .direct else { return }
                throw .unsupportedProxy(
                    proxy.description,
                    reason: "URLSession on Linux uses the proxy the environment names (https_proxy, http_proxy or "
                        + "all_proxy) and cannot be told to go direct; unset them or use CurlClient")
            case .url:
                throw .unsupportedProxy(
                    proxy.description,
                    reason: "URLSession on Linux ignores connectionProxyDictionary; set https_proxy and http_proxy "
                        + "in the environment, or use CurlClient")
            }
        }
    #else
        /// The `connectionProxyDictionary` for `proxy`: empty for `HTTPProxy.direct`, the configuration's own
        /// (`nil`, the system's settings) when the environment names no proxy.
        private static func dictionary(
            _ proxy: HTTPProxy, routes: HTTPProxy.Routes
        ) throws(TransportConfigurationError) -> [AnyHashable: Any]? {
            if case .direct = proxy { return [:] }
            if routes == .direct { return nil }
            var entries: [AnyHashable: Any] = [:]
            for (prefix, endpoint) in [("HTTP", routes.http), ("HTTPS", routes.https)] {
                guard let endpoint else { continue }
                guard endpoint.user == nil, endpoint.password == nil else {
                    throw .unsupportedProxy(
                        proxy.description,
                        reason: "URLSession takes proxy credentials only from an authentication challenge")
                }
                guard let host = endpoint.url.host, endpoint.url.scheme == "http" else {
                    throw .unsupportedProxy(
                        proxy.description, reason: "URLSession's proxy dictionary takes only http proxies")
                }
                entries["\(prefix)Enable"] = 1
                entries["\(prefix)Proxy"] = host
                entries["\(prefix)Port"] = endpoint.url.port ?? 80
            }
            if !routes.noProxy.isEmpty { entries["ExceptionsList"] = routes.noProxy }
            return entries
        }
    #endif
}
