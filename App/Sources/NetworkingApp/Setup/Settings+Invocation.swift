import CommandLineKit
import Foundation
import HTTPClientSupport
import NetworkingComposition

extension Settings {
    /// The settings of `invocation`: its options first, then the environment's `NETWORKING_*` variables, then the
    /// defaults.
    /// - Throws: `UsageError` naming the option or variable whose value cannot be used.
    static func resolve(_ invocation: Invocation, environment: [String: String]) throws(UsageError) -> Settings {
        func trimmed(_ variable: String) -> String? {
            let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines)
            return value?.isEmpty == false ? value : nil
        }
        var transport = invocation.transport ?? .platformDefault
        if invocation.transport == nil, let text = trimmed(Variable.transport) {
            transport = try TransportChoice.named(text, source: Variable.transport)
        }
        func url(_ variable: String, default fallback: String) throws(UsageError) -> URL {
            if let baseURL = invocation.baseURL {
                return try reachable(baseURL, source: "--base-url", transport: transport)
            }
            guard let value = environment[variable], !value.isEmpty else {
                return try OptionValues.baseURL(fallback, source: "default")
            }
            return try reachable(OptionValues.baseURL(value, source: variable), source: variable, transport: transport)
        }
        var settings = Settings(
            questionsBaseURL: try url(Variable.questionsURL, default: defaultQuestionsURL),
            tokenBaseURL: try url(Variable.tokenURL, default: defaultTokenURL),
            filesBaseURL: try url(Variable.filesURL, default: defaultFilesURL),
            accessToken: trimmed(Variable.accessToken),
            stackExchangeKey: trimmed(Variable.stackExchangeKey),
            cacheLocation: ResponseCache.location(environment: environment)
        )
        settings.transport = transport
        if let proxy = invocation.proxy {
            settings.proxy = proxy
        } else if let text = environment[Variable.proxy]?.trimmingCharacters(in: .whitespacesAndNewlines) {
            settings.proxy = try OptionValues.proxy(text, source: Variable.proxy)
        }
        settings.tls = try invocation.tls.resolve(environment: environment)
        if let timeout = invocation.timeout {
            settings.timeout = timeout
        } else if let text = trimmed(Variable.timeout) {
            settings.timeout = try OptionValues.timeout(text, source: Variable.timeout)
        }
        return settings
    }

    /// `url`, unless its host is an IPv6 address literal (`http://[::1]:3000`) and the transport is this
    /// platform's URLSession, which cannot send to one: swift-corelibs-foundation rejects such URLs as invalid
    /// before connecting.
    static func reachable(_ url: URL, source: String, transport: TransportChoice) throws(UsageError) -> URL {
        #if canImport(FoundationNetworking)
            if transport == .urlsession, let host = url.host, host.contains(":") {
                throw UsageError(
                    description: "\(source) uses the IPv6 address [\(host)], which this platform's URLSession "
                        + "cannot connect to; use a host name or an IPv4 address (for example http://127.0.0.1:3000)",
                    command: nil)
            }
        #endif
        return url
    }
}
