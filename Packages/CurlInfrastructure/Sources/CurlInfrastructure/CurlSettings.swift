import Foundation
import HTTPClientSupport

/// What every transfer of one client shares: its limits, its redirect rules, its TLS options and its proxies.
struct CurlSettings: Sendable {
    /// How long a transfer may go without receiving or sending a byte.
    let idleTimeout: Duration
    /// The most body bytes a response may have, after content decoding.
    let limit: ResponseSizeLimit
    /// Which redirects the transfers follow.
    let redirects: RedirectRules
    /// The TLS options, as libcurl's option values.
    var tls: CurlTLSSettings = .standard
    /// The proxies the transfers go through, resolved once when the client is made.
    var proxy: HTTPProxy.Routes = .direct
}
