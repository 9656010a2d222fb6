import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPClientSupport
import URLSessionInfrastructure

/// The transports a chain starts from: `CurlClient` or `URLSessionClient`, as ``TransportChoice`` says.
extension HTTPClientFactory {
    /// The app's transport: an `URLSessionClient` with its own ephemeral session and the library's size limit.
    @Sendable public static func urlSessionTransport(baseURL: URL, requestTimeout: TimeInterval) throws
        -> any HTTPClient
    {
        try URLSessionClient.ephemeral(baseURL: baseURL.absoluteString, requestTimeout: requestTimeout)
    }

    /// Makes the transport `choice` names for each chain (see ``TransportChoice``).
    public static func transport(_ choice: TransportChoice) -> MakeTransport {
        transport(choice, proxy: .environment)
    }

    /// Makes the transport `choice` names for each chain, sending through `proxy` (see `HTTPProxy`) with `tls`
    /// (see `TLSOptions`; URLSession refuses options it cannot honour when the chain starts). Over libcurl,
    /// every chain's client sends on one `CurlConnectionPool`, made on the first chain's first request.
    public static func transport(
        _ choice: TransportChoice, proxy: HTTPProxy, tls: TLSOptions = .standard
    ) -> MakeTransport {
        switch choice {
        case .curl:
            let pool = SharedCurlPool()
            return { try curlTransport(baseURL: $0, settings: $1, proxy: proxy, tls: tls, pool: pool.pool()) }
        case .urlsession:
            return { try urlSessionTransport(baseURL: $0, settings: $1, proxy: proxy, tls: tls) }
        }
    }

    /// The app's transport for one chain over libcurl: a `CurlClient` with the chain's request timeout and
    /// response size limit, sending through `proxy` on `pool`, whose connections, DNS cache and TLS sessions
    /// every chain on it shares.
    @Sendable public static func curlTransport(
        baseURL: URL, settings: TransportSettings, proxy: HTTPProxy, tls: TLSOptions = .standard,
        pool: CurlConnectionPool
    ) throws -> any HTTPClient {
        try CurlClient(
            baseURL: baseURL, requestTimeout: settings.requestTimeout,
            maximumResponseBytes: settings.maximumResponseBytes, proxy: proxy, tls: tls, pool: pool)
    }

    /// ``urlSessionTransport(baseURL:settings:)`` sending through `proxy`, or failing to start when this
    /// platform's URLSession cannot honour it (`TransportConfigurationError.unsupportedProxy`).
    @Sendable public static func urlSessionTransport(
        baseURL: URL, settings: TransportSettings, proxy: HTTPProxy, tls: TLSOptions = .standard
    ) throws -> any HTTPClient {
        try URLSessionClient(
            baseURL: baseURL, configuration: .ephemeral, requestTimeout: settings.requestTimeout,
            maximumResponseBytes: settings.maximumResponseBytes, proxy: proxy, tls: tls)
    }

    /// The app's transport for one chain: an `URLSessionClient` with its own ephemeral session, the chain's
    /// request timeout and its response size limit.
    @Sendable public static func urlSessionTransport(baseURL: URL, settings: TransportSettings) throws
        -> any HTTPClient
    {
        try URLSessionClient.ephemeral(
            baseURL: baseURL.absoluteString, requestTimeout: settings.requestTimeout,
            maximumResponseBytes: settings.maximumResponseBytes)
    }
}
