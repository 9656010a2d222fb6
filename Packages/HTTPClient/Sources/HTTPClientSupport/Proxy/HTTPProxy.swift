import Foundation

/// Whether a transport reaches origins through a proxy, and through which one.
///
/// Both transports take it at creation and resolve it once, into ``HTTPProxy/Routes``. Proxy credentials
/// never appear in a description or an error: they are replaced by `[redacted]` (see ``RedactedURL``).
///
/// ```swift
/// let client = try CurlClient(baseURL: base, proxy: .url(URL(string: "http://user:pw@proxy.local:3128")!))
/// ```
public enum HTTPProxy: Sendable, Hashable {
    /// The proxies the environment names, by curl's rules: `http_proxy` (lower case only) for `http`,
    /// `https_proxy` or `HTTPS_PROXY` for `https`, `all_proxy` or `ALL_PROXY` for either when its own is
    /// unset, and `no_proxy` or `NO_PROXY` for the hosts reached directly. The lower-case name wins; an empty
    /// value counts as unset.
    case environment
    /// No proxy, whatever the environment says.
    case direct
    /// This proxy for every request, `http` and `https` alike (tunnelled with `CONNECT`); a user name and
    /// password in the URL are sent to the proxy.
    case url(URL)
}

extension HTTPProxy: CustomStringConvertible {
    /// `environment`, `direct`, or the proxy URL with its credentials redacted.
    public var description: String {
        switch self {
        case .environment: "environment"
        case .direct: "direct"
        case .url(let url): url.redactedString
        }
    }
}
