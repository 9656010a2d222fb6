import Foundation

extension HTTPProxy {
    /// The proxies this setting names, reading `environment` for ``environment`` by curl's rules.
    /// - Throws: ``TransportConfigurationError/invalidProxy(_:)`` for a proxy URL that is not usable.
    public func routes(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TransportConfigurationError) -> Routes {
        switch self {
        case .direct:
            return .direct
        case .url(let url):
            let endpoint = try Endpoint(parsing: url.absoluteString)
            return Routes(http: endpoint, https: endpoint, noProxy: [])
        case .environment:
            func value(_ names: String...) -> String? {
                names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
            }
            let all = value("all_proxy", "ALL_PROXY")
            let http = try (value("http_proxy") ?? all).map { text throws(TransportConfigurationError) in
                try Endpoint(parsing: text)
            }
            let https = try (value("https_proxy", "HTTPS_PROXY") ?? all).map {
                text throws(TransportConfigurationError) in
                try Endpoint(parsing: text)
            }
            let noProxy = (value("no_proxy", "NO_PROXY") ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return Routes(http: http, https: https, noProxy: noProxy)
        }
    }
}
