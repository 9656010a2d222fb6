import Foundation
import HTTPClientSupport

/// The transport's measurement of one attempt and the sources of its answer, heard through an
/// `HTTPExchangeObserver` and an `HTTPAnswerSourceObserver` that also pass them on to the observers already in
/// place.
struct ExchangeRecord: Sendable {
    private let last = LockedValue<HTTPExchangeMetrics?>(nil)
    private let heardSources = LockedValue<[HTTPAnswerSource]>([])

    /// The last measurement heard, if any.
    var metrics: HTTPExchangeMetrics? { last.withLock { $0 } }

    /// The sources the layers below reported, innermost first.
    var sources: [HTTPAnswerSource] { heardSources.withLock { $0 } }

    /// Runs `body` in `context` with observers that keep what the transport and the layers below report.
    func observing<Result>(
        in context: TraceContext, _ body: () async throws -> Result
    ) async throws -> Result {
        let outer = HTTPExchangeObserver.current
        let observer = HTTPExchangeObserver { [last] metrics in
            last.withLock { $0 = metrics }
            outer?.observe(metrics)
        }
        let outerSources = HTTPAnswerSourceObserver.current
        let sourceObserver = HTTPAnswerSourceObserver { [heardSources] source in
            heardSources.withLock { $0.append(source) }
            outerSources?.observe(source)
        }
        return try await TraceContext.$current.withValue(context) {
            try await HTTPExchangeObserver.$current.withValue(observer) {
                try await HTTPAnswerSourceObserver.$current.withValue(sourceObserver) { try await body() }
            }
        }
    }
}
