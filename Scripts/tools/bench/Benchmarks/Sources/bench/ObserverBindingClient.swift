import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPTelemetry

/// Binds, around each load of `client`, the task-locals a tracing layer binds (`TraceContext.current`, an
/// `HTTPExchangeObserver` that keeps the measurement under a lock, an `HTTPAnswerSourceObserver` and an
/// `HTTPRedirectObserver`), and makes no span.
///
/// Side by side with tracing off and spans on over a real transport, it separates what the bindings make the
/// transport do (such as reading the measurement on its own thread) from what building and recording a span
/// costs.
struct ObserverBindingClient: HTTPClient {
    let client: any HTTPClient

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let heard = LockedValue<HTTPExchangeMetrics?>(nil)
        let exchange = HTTPExchangeObserver { metrics in heard.withLock { $0 = metrics } }
        let sources = HTTPAnswerSourceObserver { _ in }
        let redirects = HTTPRedirectObserver { _ in [:] }
        return try await TraceContext.$current.withValue(.newTrace()) {
            try await HTTPExchangeObserver.$current.withValue(exchange) {
                try await HTTPAnswerSourceObserver.$current.withValue(sources) {
                    try await HTTPRedirectObserver.$current.withValue(redirects) {
                        try await client.load(request: request)
                    }
                }
            }
        }
    }
}
