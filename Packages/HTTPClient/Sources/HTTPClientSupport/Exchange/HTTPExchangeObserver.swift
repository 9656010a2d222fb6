import Foundation

/// Hears the ``HTTPExchangeMetrics`` of each exchange a transport makes for the current task.
///
/// A transport reads it from ``HTTPLoadObservation/current`` when a request starts and calls it once when the
/// exchange ends (with or without a response), on whatever thread the transport finishes on: keep the closure
/// short. A transport that measures nothing never calls it.
///
/// ```swift
/// let observer = HTTPExchangeObserver { metrics in timings.append(metrics) }
/// try await observer.observing { try await client.load(request: request) }
/// ```
public struct HTTPExchangeObserver: Sendable {
    private let handler: @Sendable (HTTPExchangeMetrics) -> Void

    /// An observer that hands each measurement to `handler`.
    public init(_ handler: @escaping @Sendable (HTTPExchangeMetrics) -> Void) {
        self.handler = handler
    }

    /// Hands `metrics` to the handler.
    public func observe(_ metrics: HTTPExchangeMetrics) {
        handler(metrics)
    }

    /// Runs `operation` with this observer hearing its exchanges, in place of the exchange observer in
    /// ``HTTPLoadObservation/current``.
    @discardableResult
    public func observing<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        var observation = HTTPLoadObservation.current
        observation.exchange = self
        return try await observation.bound(isolation: isolation, operation)
    }
}
