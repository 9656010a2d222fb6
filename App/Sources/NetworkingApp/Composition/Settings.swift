import CommandLineKit
import Foundation
import HTTPClientSupport

/// Where each API lives and how to authenticate, from the command line and the environment.
///
/// Precedence: `--base-url`, then `NETWORKING_QUESTIONS_URL` / `NETWORKING_TOKEN_URL` / `NETWORKING_FILES_URL`,
/// then the defaults.
struct Settings: Equatable {
    static let defaultQuestionsURL = "https://api.stackexchange.com"
    static let defaultTokenURL = "http://localhost:3000"
    static let defaultFilesURL = "http://localhost:3000"

    var questionsBaseURL: URL
    var tokenBaseURL: URL
    /// The Files API, on the same backend as the token API by default (the same bearer access token).
    var filesBaseURL: URL
    /// The token API's initial access token (`NETWORKING_ACCESS_TOKEN`), without the `Bearer ` prefix.
    var accessToken: String?
    /// The Stack Exchange application key (`NETWORKING_STACKEXCHANGE_KEY`), sent as `key=`.
    var stackExchangeKey: String?
    /// Where the response cache lives (see ``ResponseCache``), or why it lives nowhere.
    var cacheLocation: Result<CacheLocation, CacheUnavailable> = .failure(
        CacheUnavailable(reason: "no cache directory is set"))
    /// How long a command's network work may take in total, retries included: `--timeout`, then
    /// `NETWORKING_TIMEOUT`, then ``defaultTimeout``.
    var timeout = Settings.defaultTimeout
    /// The client every chain starts from: `--transport`, then `NETWORKING_TRANSPORT`, then
    /// ``TransportChoice/platformDefault``.
    var transport = TransportChoice.platformDefault
    /// The proxy every transport uses: `--proxy`, then `NETWORKING_PROXY` (empty goes direct), then
    /// `HTTPProxy.environment`.
    var proxy = HTTPProxy.environment

    static let defaultTimeout = Duration.seconds(30)

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
