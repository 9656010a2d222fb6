import Foundation

extension CurlConnectionPool {
    /// Why a ``CurlConnectionPool`` could not be created; every case names the offending value.
    public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The connect timeout is not a positive, finite number of seconds.
        case invalidConnectTimeout(TimeInterval)
        /// A keepalive time is not a positive number of seconds.
        case invalidKeepAlive(idleSeconds: Int, intervalSeconds: Int)
        /// The per-host connection limit is not positive.
        case invalidMaximumConnectionsPerHost(Int)
        /// The total connection limit is not positive.
        case invalidMaximumTotalConnections(Int)

        /// A readable description naming the value.
        public var description: String {
            switch self {
            case .invalidConnectTimeout(let seconds):
                "The connect timeout must be a positive number of seconds, not \(seconds)."
            case .invalidKeepAlive(let idle, let interval):
                "TCP keepalive times must be positive seconds, not idle \(idle) and interval \(interval)."
            case .invalidMaximumConnectionsPerHost(let count):
                "The per-host connection limit must be positive, not \(count)."
            case .invalidMaximumTotalConnections(let count):
                "The total connection limit must be positive, not \(count)."
            }
        }
    }
}
