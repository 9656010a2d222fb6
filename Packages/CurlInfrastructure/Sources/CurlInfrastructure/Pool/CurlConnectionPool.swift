import Foundation
import HTTPClient

/// The connection state ``CurlClient``s share: one libcurl thread and multi handle, with its connection
/// cache, DNS cache and TLS session cache.
///
/// Clients made with a pool
/// (``CurlClient/init(baseURL:requestTimeout:redirects:maximumResponseBytes:certificateAuthorities:proxy:pool:)``)
/// send every request on the pool's thread, whatever their base URL, timeout or limits: a request reuses an idle
/// connection another client opened to the same origin, and a new TLS connection resumes the session an earlier
/// one negotiated. Each client's own settings travel with its requests. The other initializers make a private
/// pool per client. The thread ends once the pool and every client using it are released.
///
/// ```swift
/// let pool = try CurlConnectionPool(settings: .init(connectTimeout: 5, maximumConnectionsPerHost: 6))
/// let api = try CurlClient(baseURL: apiURL, pool: pool)
/// let images = try CurlClient(baseURL: imagesURL, maximumResponseBytes: 8_388_608, pool: pool)
/// ```
public final class CurlConnectionPool: Sendable {
    /// How the pool makes and keeps connections.
    public let settings: Settings
    let loop: CurlEventLoop

    /// Creates a pool and starts its thread.
    /// - Throws: ``SettingsError`` for a connect timeout, keepalive time or connection limit that is not
    ///   positive.
    public convenience init(settings: Settings = Settings()) throws(SettingsError) {
        try settings.validate()
        self.init(validated: settings)
    }

    /// The private pool of a client made without one: libcurl's own connect behaviour (bounded by the
    /// client's request timeout), no keepalive probes and no connection limits.
    static func privatePool() -> CurlConnectionPool {
        CurlConnectionPool(validated: Settings(connectTimeout: nil, keepAlive: nil))
    }

    private init(validated settings: Settings) {
        self.settings = settings
        loop = CurlEventLoop(pool: settings)
    }
}
