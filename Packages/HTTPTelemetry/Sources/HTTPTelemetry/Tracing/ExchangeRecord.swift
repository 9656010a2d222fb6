import Foundation
import HTTPClientSupport

/// The transport's measurement of one attempt, heard through an `HTTPExchangeObserver` that also passes it on
/// to the observer already in place.
struct ExchangeRecord: Sendable {
    private let last = LockedValue<HTTPExchangeMetrics?>(nil)

    /// The last measurement heard, if any.
    var metrics: HTTPExchangeMetrics? { last.withLock { $0 } }

    /// Runs `body` in `context` with an observer that keeps what the transport reports.
    func observing<Result>(
        in context: TraceContext, _ body: () async throws -> Result
    ) async throws -> Result {
        let outer = HTTPExchangeObserver.current
        let observer = HTTPExchangeObserver { [last] metrics in
            last.withLock { $0 = metrics }
            outer?.observe(metrics)
        }
        return try await TraceContext.$current.withValue(context) {
            try await HTTPExchangeObserver.$current.withValue(observer) { try await body() }
        }
    }
}
