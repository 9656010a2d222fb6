import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionClient {
    /// Creates a client for `baseURL` whose `https` connections follow `tls`, or throws when this platform's
    /// URLSession cannot honour an option, rather than ignoring it.
    ///
    /// On Linux, FoundationNetworking sets none of libcurl's TLS options and has no server trust challenge: only
    /// `TLSOptions.standard` is accepted, and each other option throws `unsupportedTLSOption` naming it as curl
    /// does (`--cacert`, `--capath`, `--pinnedpubkey`, `--cert/--key`, `--tlsv1.2`, `--tlsv1.3`); use
    /// `CurlClient` for them. On Apple platforms the minimum version becomes the configuration's
    /// `tlsMinimumSupportedProtocolVersion`, and the session delegate checks each server's chain against the
    /// certificate authorities and the pins during the handshake, before any byte of a request is sent; a PEM
    /// client identity is refused there (URLSession takes identities from the keychain). The other parameters
    /// are ``init(baseURL:configuration:requestTimeout:redirects:maximumResponseBytes:proxy:)``'s.
    /// - Throws: `TransportConfigurationError`: the initializer's errors, `unsupportedTLSOption` for an option
    ///   this platform's URLSession cannot honour, and `invalidTLSOptions` for a certificate file it cannot read.
    public convenience init(
        baseURL: URL, configuration: URLSessionConfiguration = .ephemeral,
        requestTimeout: TimeInterval = URLSessionClient.defaultRequestTimeout,
        redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = URLSessionClient.defaultMaximumResponseBytes, proxy: HTTPProxy = .environment,
        tls: TLSOptions
    ) throws(TransportConfigurationError) {
        let copy = configuration.copy() as? URLSessionConfiguration ?? .ephemeral
        #if canImport(Darwin)
            let policy = try TLSConfigurator.apply(tls, to: copy)
        #else
            try TLSConfigurator.apply(tls, to: copy)
        #endif
        try self.init(
            baseURL: baseURL, configuration: copy, requestTimeout: requestTimeout, redirects: redirects,
            maximumResponseBytes: maximumResponseBytes, proxy: proxy)
        #if canImport(Darwin)
            delegate.serverTrust.withLock { $0 = policy }
        #endif
    }
}
