import Foundation
import HTTPClient
import HTTPClientSupport

/// The `HTTPClient` that sends requests with libcurl's multi interface, on a thread of its own.
///
/// Every response comes back whatever its status; failures to get one are thrown as `HTTPTransportError`,
/// with the ``CurlError`` libcurl reported as the cause. Cancelling the calling Task ends the load at once
/// and closes its connection.
///
/// One thread (of the client's ``CurlConnectionPool``) owns libcurl's handles and sleeps in `curl_multi_poll`
/// until a socket, a timer or a command needs it, so a request waiting on a slow server costs no CPU.
/// Connections are kept alive and reused; over TLS, HTTP/2 is used when the server offers it, with requests
/// multiplexed on one connection. ``load(request:)`` has libcurl decode every content encoding it was built
/// with, and its body limit counts decoded bytes; ``stream(request:body:progress:receive:)`` decodes `gzip` and
/// `deflate` itself as the body is read. Redirects
/// are followed by `RedirectPolicy` (from HTTPClientSupport), never from `https` to `http`, without credentials across origins.
/// ``stream(request:body:progress:receive:)`` moves bodies of any size both ways in constant memory.
/// When an exchange ends, libcurl's timings (`CURLINFO_*_TIME_T`), the HTTP version, the peer's address and the
/// sizes go to the caller's observers (`HTTPLoadObservation.current`) as `HTTPExchangeMetrics`, once per call. Each
/// followed redirect goes to them with its own measurements, and the fields they give are set on the next
/// request before it is sent.
///
/// ```swift
/// let client = try CurlClient(baseURL: URL(string: "https://api.stackexchange.com/")!)
/// let (data, response) = try await client.load(request: Questions())
/// ```
public final class CurlClient: HTTPClient {
    private let builder: CurlRequestBuilder
    private let settings: CurlSettings
    /// The connection state the client sends on; kept for as long as the client lives.
    private let pool: CurlConnectionPool

    /// Creates a client for `baseURL` with its own libcurl thread (a private ``CurlConnectionPool``).
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL with a host and no fragment; its own path (for example
    ///     `/api/`) is kept.
    ///   - requestTimeout: Seconds a request may go without receiving or sending a byte before it fails with
    ///     `HTTPTransportError.timedOut(underlying:)`; ``defaultRequestTimeout`` by default.
    ///   - redirects: Which redirects to follow; `RedirectPolicy.standard` (up to 10) by default.
    ///   - maximumResponseBytes: The most body bytes ``load(request:)`` holds, counted after content decoding,
    ///     before the transfer is stopped with `HTTPTransportError.responseTooLarge(limit:)`;
    ///     ``defaultMaximumResponseBytes`` by default.
    ///     ``stream(request:body:progress:receive:)`` does not apply it.
    /// - Throws: `TransportConfigurationError` for an unusable base URL (see `BaseURL`), or a timeout or size
    ///   limit that is not positive.
    public init(
        baseURL: URL, requestTimeout: TimeInterval = defaultRequestTimeout, redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = defaultMaximumResponseBytes
    ) throws(TransportConfigurationError) {
        (builder, settings) = try Self.parts(
            baseURL, requestTimeout, redirects, maximumResponseBytes, .standard, .environment)
        pool = .privatePool()
    }

    /// Creates a client for `baseURL` that trusts the certificate authorities in `certificateAuthorities`
    /// (a PEM file, such as a test server's self-signed certificate) instead of the system's.
    ///
    /// The file is read when a connection is made: an unreadable or malformed file fails each `https`
    /// request with `HTTPTransportError`, libcurl's ``CurlError`` as the cause. The other parameters are
    /// ``init(baseURL:requestTimeout:redirects:maximumResponseBytes:)``'s.
    /// - Throws: `TransportConfigurationError` for an unusable base URL (see `BaseURL`), or a timeout or size
    ///   limit that is not positive.
    public init(
        baseURL: URL, requestTimeout: TimeInterval = defaultRequestTimeout, redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = defaultMaximumResponseBytes, certificateAuthorities: URL
    ) throws(TransportConfigurationError) {
        (builder, settings) = try Self.parts(
            baseURL, requestTimeout, redirects, maximumResponseBytes,
            CurlTLSSettings(certificateAuthorities: certificateAuthorities),
            .environment)
        pool = .privatePool()
    }

    /// Creates a client for `baseURL` that reaches origins as `proxy` says, overriding the environment.
    ///
    /// `proxy` is resolved once, here: `HTTPProxy.environment` reads the process environment by curl's
    /// rules, `HTTPProxy.direct` uses no proxy whatever the environment says, and `HTTPProxy.url(_:)`
    /// sends every request through that proxy, `https` tunnelled with `CONNECT`. The other parameters are
    /// ``init(baseURL:requestTimeout:redirects:maximumResponseBytes:certificateAuthorities:)``'s; `nil`
    /// `certificateAuthorities` trusts the system's.
    /// - Throws: `TransportConfigurationError` for an unusable base URL (see `BaseURL`), a timeout or size
    ///   limit that is not positive, or an unusable proxy URL (`invalidProxy`, credentials redacted).
    public init(
        baseURL: URL, requestTimeout: TimeInterval = defaultRequestTimeout, redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = defaultMaximumResponseBytes, certificateAuthorities: URL? = nil,
        proxy: HTTPProxy
    ) throws(TransportConfigurationError) {
        (builder, settings) = try Self.parts(
            baseURL, requestTimeout, redirects, maximumResponseBytes,
            CurlTLSSettings(certificateAuthorities: certificateAuthorities), proxy)
        pool = .privatePool()
    }

    /// Creates a client for `baseURL` that sends on `pool`, sharing its thread, connections, DNS cache and TLS
    /// sessions with every other client on it.
    ///
    /// The client's own parameters (base URL, timeout, redirects, size limit, certificate authorities, proxy)
    /// apply to its requests alone; they are
    /// ``init(baseURL:requestTimeout:redirects:maximumResponseBytes:certificateAuthorities:proxy:)``'s, with the
    /// environment's proxy by default. A connection is reused only by requests that can use it: the same origin,
    /// proxy and TLS settings.
    /// - Throws: `TransportConfigurationError` for an unusable base URL (see `BaseURL`), a timeout or size
    ///   limit that is not positive, or an unusable proxy URL (`invalidProxy`, credentials redacted).
    public init(
        baseURL: URL, requestTimeout: TimeInterval = defaultRequestTimeout, redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = defaultMaximumResponseBytes, certificateAuthorities: URL? = nil,
        proxy: HTTPProxy = .environment, pool: CurlConnectionPool
    ) throws(TransportConfigurationError) {
        (builder, settings) = try Self.parts(
            baseURL, requestTimeout, redirects, maximumResponseBytes,
            CurlTLSSettings(certificateAuthorities: certificateAuthorities), proxy)
        self.pool = pool
    }

    /// A client with checked parts, sending on `pool`.
    init(parts: (CurlRequestBuilder, CurlSettings), pool: CurlConnectionPool) {
        (builder, settings) = parts
        self.pool = pool
    }

    /// The request builder and transfer settings of a client, once its inputs are checked.
    static func parts(
        _ baseURL: URL, _ requestTimeout: TimeInterval, _ redirects: RedirectPolicy, _ maximumResponseBytes: Int,
        _ tls: CurlTLSSettings, _ proxy: HTTPProxy,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TransportConfigurationError) -> (CurlRequestBuilder, CurlSettings) {
        try BaseURL.validate(baseURL)
        try TransportConfigurationError.validate(
            requestTimeout: requestTimeout, maximumResponseBytes: maximumResponseBytes)
        let settings = CurlSettings(
            idleTimeout: .milliseconds(Int64((requestTimeout * 1000).rounded(.up))),
            limit: ResponseSizeLimit(maximumBytes: maximumResponseBytes),
            redirects: RedirectRules(policy: redirects), tls: tls,
            proxy: try proxy.routes(environment: environment))
        return (CurlRequestBuilder(baseURL: baseURL), settings)
    }

    /// Sends `request` and returns the body and response, for every status code.
    /// - Throws: `HTTPTransportError` when no HTTP response arrived (`HTTPTransportError.cancelled` when the
    ///   calling Task was cancelled), with libcurl's ``CurlError`` as the cause where there is one.
    @discardableResult
    public func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        var curlRequest = try builder.makeRequest(for: request)
        curlRequest.observers = .current
        guard !Task.isCancelled else { throw HTTPTransportError.cancelled }
        let response = try await pool.loop.load(curlRequest, settings: settings).get()
        return (response.body, response.response)
    }

    /// Sends `request` with `body` and hands the final response to `receive` as it arrives, in constant
    /// memory both ways.
    ///
    /// The response body is single-pass, with the `Content-Length` as its length when the response is not
    /// content-encoded; it is valid only inside `receive`. When the reader falls behind, the transfer pauses
    /// (at most ``streamBufferLimit`` bytes wait in the client) and resumes once it catches up. `maximumResponseBytes` does not
    /// apply: the reader sets its own bound. The request asks for `Accept-Encoding: gzip, deflate` unless it
    /// names its own; a `gzip`, `x-gzip` or `deflate` body is decoded as it is read, at most
    /// ``streamDecodedChunkSize`` bytes a read, so the pause bounds the encoded bytes and a highly compressed
    /// body never piles up decoded in the client. A body in a coding not decoded here (such as `br`) arrives as it
    /// was sent, its `Content-Encoding` telling the reader. `progress` counts body bytes as they arrived. `body` is sent with `Content-Length` when its length is known,
    /// else chunked; a 307 or 308 redirect sends it again only when it is replayable (otherwise the redirect
    /// is returned), and a 301, 302 or 303 that turns the request into a GET drops it. `progress` is called
    /// after changes, one report at a time and never on the client's libcurl thread (while it runs, newer
    /// counts replace each other), with a last report once the response is complete, before this returns.
    /// - Throws: `HTTPTransportError` when no response arrived (`cancelled` when the calling Task was
    ///   cancelled), the error reading `body` (such as `HTTPBodyError.lengthMismatch`), or what `receive`
    ///   throws. When the transfer fails midway, reading the response body gives the bytes that arrived, then
    ///   throws the transport's error. A body that cannot be decoded as its `Content-Encoding` says, or ends
    ///   before its compressed stream does, fails the read with `HTTPTransportError.undecodableContent(underlying:)`.
    public func stream<Result: Sendable>(
        request: HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        var curlRequest = try builder.makeRequest(for: request)
        curlRequest.observers = .current
        guard !Task.isCancelled else { throw HTTPTransportError.cancelled }
        return try await pool.loop.stream(
            curlRequest, settings: settings, body: body, progress: progress, receive: receive)
    }
}
