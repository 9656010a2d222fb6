import Foundation
import HTTPClientSupport

/// What every transfer of one client shares: its limits, its redirect rules and its proxies.
struct CurlSettings: Sendable {
    /// How long a transfer may go without receiving or sending a byte.
    let idleTimeout: Duration
    /// The most body bytes a response may have, after content decoding.
    let limit: ResponseSizeLimit
    /// Which redirects the transfers follow.
    let redirects: RedirectRules
    /// The PEM file of the certificate authorities to trust instead of the system's, if any.
    var certificateAuthorities: URL? = nil
    /// The proxies the transfers go through, resolved once when the client is made.
    var proxy: HTTPProxy.Routes = .direct
}
