import HTTPClient
import HTTPClientSupport

/// An `HTTPLoadObserver` that records everything it hears, for tests of what a transport, a cache or a replaying
/// client reports through `HTTPLoadObservation`.
///
/// ```swift
/// let observer = RecordingLoadObserver()
/// try await observer.observing { try await client.load(request: request) }
/// #expect(observer.sources.values == [.cache(.hit)])
/// ```
public struct RecordingLoadObserver: HTTPLoadObserver {
    /// The measurements heard, in order.
    public let exchanges = RecordedValues<HTTPExchangeMetrics>()
    /// The answer sources heard, in order.
    public let sources = RecordedValues<HTTPAnswerSource>()
    /// The followed redirects heard, in order.
    public let hops = RecordedValues<HTTPRedirectHop>()
    private let fields: @Sendable (_ hopsHeard: Int) -> HTTPHeaders

    /// An observer that gives, after each hop, `fields` of the number of hops heard so far (1 after the first);
    /// by default no fields.
    public init(fields: @escaping @Sendable (_ hopsHeard: Int) -> HTTPHeaders = { _ in [:] }) {
        self.fields = fields
    }

    public func observe(_ metrics: HTTPExchangeMetrics) { exchanges.append(metrics) }

    public func observe(_ source: HTTPAnswerSource) { sources.append(source) }

    public func fields(after hop: HTTPRedirectHop) -> HTTPHeaders {
        hops.append(hop)
        return fields(hops.count)
    }
}
