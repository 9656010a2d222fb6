import Foundation

extension CurlConnectionPool {
    /// The default of ``Settings/connectTimeout``, in seconds: 10 s.
    public static let defaultConnectTimeout: TimeInterval = 10

    /// How a ``CurlConnectionPool`` makes and keeps connections; every client on the pool shares them.
    public struct Settings: Sendable, Equatable {
        /// Seconds a new connection may take to connect, TLS handshake included, before its request fails with
        /// `HTTPTransportError.timedOut(underlying:)`; `nil` leaves the connect to each client's request timeout.
        public var connectTimeout: TimeInterval?
        /// TCP keepalive probes on the pool's connections; `nil` sends none.
        public var keepAlive: TCPKeepAlive?
        /// The most connections open to one host at a time; `nil` for no limit. Requests past it wait for a
        /// connection (their request timeout runs while they wait); over HTTP/2 they share one.
        public var maximumConnectionsPerHost: Int?
        /// The most connections open at a time, all hosts together; `nil` for no limit.
        public var maximumTotalConnections: Int?

        /// Creates settings; the defaults are a ``CurlConnectionPool/defaultConnectTimeout``, keepalive
        /// ``TCPKeepAlive/standard`` and no connection limits.
        public init(
            connectTimeout: TimeInterval? = CurlConnectionPool.defaultConnectTimeout,
            keepAlive: TCPKeepAlive? = .standard, maximumConnectionsPerHost: Int? = nil,
            maximumTotalConnections: Int? = nil
        ) {
            self.connectTimeout = connectTimeout
            self.keepAlive = keepAlive
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.maximumTotalConnections = maximumTotalConnections
        }
    }

    /// When TCP keepalive probes go out on a connection, in whole seconds.
    public struct TCPKeepAlive: Sendable, Equatable {
        /// Seconds a connection stays idle before the first probe.
        public var idleSeconds: Int
        /// Seconds between probes.
        public var intervalSeconds: Int

        /// Creates keepalive times; both must be positive.
        public init(idleSeconds: Int, intervalSeconds: Int) {
            self.idleSeconds = idleSeconds
            self.intervalSeconds = intervalSeconds
        }

        /// The first probe after 60 s idle, then one every 60 s.
        public static let standard = TCPKeepAlive(idleSeconds: 60, intervalSeconds: 60)
    }
}

extension CurlConnectionPool.Settings {
    /// Throws for the first value that libcurl could not use.
    func validate() throws(CurlConnectionPool.SettingsError) {
        if let connectTimeout, !(connectTimeout > 0 && connectTimeout.isFinite) {
            throw .invalidConnectTimeout(connectTimeout)
        }
        if let keepAlive, keepAlive.idleSeconds <= 0 || keepAlive.intervalSeconds <= 0 {
            throw .invalidKeepAlive(idleSeconds: keepAlive.idleSeconds, intervalSeconds: keepAlive.intervalSeconds)
        }
        if let maximumConnectionsPerHost, maximumConnectionsPerHost <= 0 {
            throw .invalidMaximumConnectionsPerHost(maximumConnectionsPerHost)
        }
        if let maximumTotalConnections, maximumTotalConnections <= 0 {
            throw .invalidMaximumTotalConnections(maximumTotalConnections)
        }
    }

    /// The connect timeout in whole milliseconds, rounded up; `nil` without one.
    var connectTimeoutMilliseconds: Int? {
        connectTimeout.map { Int(min(($0 * 1000).rounded(.up), Double(Int32.max))) }
    }
}
