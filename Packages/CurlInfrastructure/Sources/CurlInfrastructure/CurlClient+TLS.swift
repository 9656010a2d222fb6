import Foundation
import HTTPClient
import HTTPClientSupport

extension CurlClient {
    /// Creates a client for `baseURL` whose `https` connections follow `tls`: the certificate authorities it
    /// trusts, the server keys it accepts, the certificate it presents and the oldest TLS version it speaks.
    ///
    /// Each option becomes libcurl's own (see `TLSOptions`): `CURLOPT_CAINFO`, `CURLOPT_CAINFO_BLOB` and
    /// `CURLOPT_CAPATH` for trust, `CURLOPT_PINNEDPUBLICKEY`, `CURLOPT_SSLCERT`, `CURLOPT_SSLKEY` and
    /// `CURLOPT_KEYPASSWD` (PEM) and `CURLOPT_SSLVERSION`; an `https` proxy is checked with the same trust and
    /// minimum version (`CURLOPT_PROXY_CAINFO`, `CURLOPT_PROXY_CAPATH`, `CURLOPT_PROXY_SSLVERSION`), never
    /// with the pins, and never sees the client certificate. A pin that does not match ends the handshake
    /// before any byte of a request is sent. `TLSOptions.Trust.systemAnd(_:)` with a file reads that file and
    /// libcurl's own bundle here, once; the other files are read by libcurl when it connects, so a missing one
    /// fails each `https` request with `HTTPTransportError.secureConnectionFailed(underlying:)`.
    /// A failed handshake is thrown as the `HTTPTransportError` that says which check failed (see
    /// <doc:HowCurlClientChecksTLS>). On a shared `pool`, a connection or TLS session is reused only by a client
    /// with the same TLS options. The other parameters are
    /// ``init(baseURL:requestTimeout:redirects:maximumResponseBytes:certificateAuthorities:proxy:pool:)``'s;
    /// `nil` `pool` makes a private one.
    /// - Throws: `TransportConfigurationError` for an unusable base URL, timeout, size limit or proxy URL, and
    ///   `TransportConfigurationError.invalidTLSOptions(_:)` for a file to add to the system's certificate
    ///   authorities that cannot be read.
    public convenience init(
        baseURL: URL, requestTimeout: TimeInterval = defaultRequestTimeout, redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = defaultMaximumResponseBytes, proxy: HTTPProxy = .environment, tls: TLSOptions,
        pool: CurlConnectionPool? = nil
    ) throws(TransportConfigurationError) {
        self.init(
            parts: try Self.parts(
                baseURL, requestTimeout, redirects, maximumResponseBytes, try Self.settings(for: tls), proxy),
            pool: pool ?? .privatePool())
    }

    /// The initializer above with `environment` in place of the process environment and `systemBundle` in place
    /// of libcurl's certificate authorities, for tests.
    convenience init(
        baseURL: URL, requestTimeout: TimeInterval = defaultRequestTimeout, certificateAuthorities: URL? = nil,
        proxy: HTTPProxy, environment: [String: String], tls: TLSOptions? = nil, systemBundle: URL? = nil
    ) throws(TransportConfigurationError) {
        let tlsSettings =
            try tls.map { options throws(TransportConfigurationError) in
                try Self.settings(for: options, systemBundle: systemBundle)
            } ?? CurlTLSSettings(certificateAuthorities: certificateAuthorities)
        self.init(
            parts: try Self.parts(
                baseURL, requestTimeout, .standard, Self.defaultMaximumResponseBytes, tlsSettings, proxy,
                environment: environment),
            pool: .privatePool())
    }

    /// `tls` as libcurl's option values.
    private static func settings(
        for tls: TLSOptions, systemBundle: URL? = CurlTLSSettings.defaultBundle
    ) throws(TransportConfigurationError) -> CurlTLSSettings {
        do {
            return try CurlTLSSettings(tls, systemBundle: systemBundle)
        } catch {
            throw .invalidTLSOptions(error)
        }
    }
}
