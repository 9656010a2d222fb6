import Foundation
import HTTPClient
import HTTPClientSupport

/// An ``InstantClient`` that also reads, per request, the task-locals a transport and a cache read when no
/// tracing layer is in the chain: `HTTPExchangeObserver.current` (every transport) and
/// `HTTPAnswerSourceObserver.current` (a cache or a replay that answers).
///
/// Side by side with a bare ``InstantClient`` in the same chain, it measures what those lookups cost with
/// telemetry off.
public final class ObservedInstantClient: HTTPClient {
    private let answer = InstantClient()

    /// Creates the client.
    public init() {}

    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let exchange = HTTPExchangeObserver.current
        let source = HTTPAnswerSourceObserver.current
        let answered = try await answer.load(request: request)
        withExtendedLifetime((exchange, source)) {}
        return answered
    }
}
