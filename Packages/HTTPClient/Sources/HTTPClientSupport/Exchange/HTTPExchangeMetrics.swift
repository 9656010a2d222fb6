import Foundation

/// What a transport measured about one HTTP exchange: when each phase ended, the protocol, the peer, the sizes.
///
/// Each phase is the time from ``startTime`` until the phase ended, as curl's `time_*` values are. A phase the
/// transport does not know, or did not go through (no name lookup or connect on a reused connection, no TLS over
/// plain HTTP), is `nil`, never zero. For an exchange that followed redirects, the phases and sizes are those of
/// the last request, the one that answered; each followed redirect's own go to `HTTPRedirectObserver`.
public struct HTTPExchangeMetrics: Sendable, Hashable {
    /// When the exchange's last request started, on the wall clock.
    public let startTime: Date
    /// Until the host name was resolved (curl's `time_namelookup`).
    public let nameLookup: Duration?
    /// Until the TCP connection (or the proxy connection) was made (`time_connect`).
    public let connect: Duration?
    /// Until the TLS handshake ended (`time_appconnect`).
    public let secureConnect: Duration?
    /// Until the request was about to go out (`time_pretransfer`).
    public let requestSent: Duration?
    /// Until the first byte of the response arrived (`time_starttransfer`).
    public let firstByte: Duration?
    /// Until the exchange ended (`time_total`).
    public let end: Duration?
    /// The HTTP version that answered, as OpenTelemetry writes it: `1.0`, `1.1`, `2` or `3`.
    public let protocolVersion: String?
    /// The numeric address of the peer the connection went to (the proxy's, through a proxy).
    public let remoteAddress: String?
    /// The peer's port.
    public let remotePort: Int?
    /// Request body bytes sent.
    public let requestBodyBytes: Int64?
    /// Response body bytes received, before content decoding.
    public let responseBodyBytes: Int64?
    /// How many redirects the transport followed before this request.
    public let redirectCount: Int

    /// Creates a measurement; phases that are zero or negative are taken as unknown (`nil`).
    public init(
        startTime: Date, nameLookup: Duration? = nil, connect: Duration? = nil, secureConnect: Duration? = nil,
        requestSent: Duration? = nil, firstByte: Duration? = nil, end: Duration? = nil,
        protocolVersion: String? = nil, remoteAddress: String? = nil, remotePort: Int? = nil,
        requestBodyBytes: Int64? = nil, responseBodyBytes: Int64? = nil, redirectCount: Int = 0
    ) {
        self.startTime = startTime
        self.nameLookup = Self.known(nameLookup)
        self.connect = Self.known(connect)
        self.secureConnect = Self.known(secureConnect)
        self.requestSent = Self.known(requestSent)
        self.firstByte = Self.known(firstByte)
        self.end = Self.known(end)
        self.protocolVersion = protocolVersion
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
        self.requestBodyBytes = requestBodyBytes
        self.responseBodyBytes = responseBodyBytes
        self.redirectCount = redirectCount
    }

    private static func known(_ phase: Duration?) -> Duration? {
        phase.flatMap { $0 > .zero ? $0 : nil }
    }
}
