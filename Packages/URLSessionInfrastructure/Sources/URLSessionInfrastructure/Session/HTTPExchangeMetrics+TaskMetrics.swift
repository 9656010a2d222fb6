import Foundation
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPExchangeMetrics {
    /// The measurements of `metrics`' last transaction (the request that answered), from its fetch start; `nil`
    /// when the session measured no transaction.
    init?(_ metrics: URLSessionTaskMetrics) {
        guard let transaction = metrics.transactionMetrics.last, let start = transaction.fetchStartDate else {
            return nil
        }
        func since(_ date: Date?) -> Duration? {
            date.map { .nanoseconds(Int64(($0.timeIntervalSince(start) * 1e9).rounded())) }
        }
        self.init(
            startTime: start, nameLookup: since(transaction.domainLookupEndDate),
            connect: since(transaction.connectEndDate), secureConnect: since(transaction.secureConnectionEndDate),
            requestSent: since(transaction.requestEndDate), firstByte: since(transaction.responseStartDate),
            end: since(transaction.responseEndDate),
            protocolVersion: transaction.networkProtocolName.flatMap(Self.protocolVersion(alpn:)),
            remoteAddress: transaction.remoteAddress, remotePort: Self.port(transaction.remotePort),
            requestBodyBytes: transaction.countOfRequestBodyBytesSent,
            responseBodyBytes: transaction.countOfResponseBodyBytesReceived, redirectCount: metrics.redirectCount)
    }

    /// The peer's port as Apple's Foundation reports it.
    static func port(_ value: Int?) -> Int? { value }

    /// The peer's port as swift-corelibs-foundation declares it (text).
    static func port(_ value: String?) -> Int? { value.flatMap { Int($0) } }

    /// The ALPN protocol name URLSession reports (`http/1.1`, `h2`, `h3`) as OpenTelemetry writes the version.
    static func protocolVersion(alpn: String) -> String? {
        switch alpn.lowercased() {
        case "http/1.0": "1.0"
        case "http/1.1": "1.1"
        case "h2", "h2c": "2"
        case "h3": "3"
        default: nil
        }
    }
}
