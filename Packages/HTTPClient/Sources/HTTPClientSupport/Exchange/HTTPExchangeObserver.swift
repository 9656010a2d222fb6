import Foundation

/// Hears the ``HTTPExchangeMetrics`` of each exchange a transport makes for the current task.
///
/// A transport reads ``current`` (through ``HTTPObservers/current``) when a request starts and calls it once when
/// the exchange ends (with or without a response), on whatever thread the transport finishes on: keep the
/// closure short. A transport that measures nothing never calls it.
///
/// ```swift
/// let observer = HTTPExchangeObserver { metrics in timings.append(metrics) }
/// try await HTTPExchangeObserver.$current.withValue(observer) { try await client.load(request: request) }
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

    /// The observer of the exchanges the current task starts, or `nil` for none.
    @TaskLocal public static var current: HTTPExchangeObserver?
}
