import Foundation
import HTTPClient
import HTTPClientSupport

/// Hands each load or stream of the client it wraps to `collect` once it has ended, as a
/// ``CollectedHTTPExchange``: one per call, with the redirects the transport followed and what it measured.
///
/// Wrap a transport with it: it hears the measurement through an `HTTPExchangeObserver` of its own and each
/// followed redirect through an `HTTPRedirectObserver`, and passes both on to the observers of their kind already
/// in place. A call that throws is collected too, without a response when none came, and the error is rethrown.
/// A stream is collected after its `receive` has ended.
public struct ExchangeCollectingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let urls: HTTPURLBuilder
    let collect: @Sendable (CollectedHTTPExchange) -> Void

    /// Wraps `client`, whose requests resolve against `baseURL`, handing each exchange to `collect`.
    public init(
        client: any HTTPClient, baseURL: URL, collect: @escaping @Sendable (CollectedHTTPExchange) -> Void
    ) {
        self.client = client
        self.urls = HTTPURLBuilder(baseURL: baseURL)
        self.collect = collect
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let heard = Heard()
        do {
            let (data, response) = try await heard.observing { try await client.load(request: request) }
            collect(exchange(request, response, heard))
            return (data, response)
        } catch {
            collect(exchange(request, nil, heard))
            throw error
        }
    }

    /// Collects the stream once `receive` has ended, with the head it was given.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let heard = Heard()
        let head = LockedValue<HTTPResponse?>(nil)
        do {
            let result = try await heard.observing {
                try await client.stream(request: request, body: body, progress: progress) { response, responseBody in
                    head.withLock { $0 = response }
                    return try await receive(response, responseBody)
                }
            }
            collect(exchange(request, head.withLock { $0 }, heard))
            return result
        } catch {
            collect(exchange(request, head.withLock { $0 }, heard))
            throw error
        }
    }

    private func exchange(_ request: any HTTPRequest, _ response: HTTPResponse?, _ heard: Heard)
        -> CollectedHTTPExchange
    {
        CollectedHTTPExchange(
            request: request, url: response?.url ?? (try? urls.url(for: request)), response: response,
            redirects: heard.redirects.withLock { $0 }, metrics: heard.metrics.withLock { $0 })
    }
}

extension ExchangeCollectingHTTPClient {
    /// What the observers heard during one call: each followed redirect's measurement and the last request's.
    private final class Heard: Sendable {
        let redirects = LockedValue<[HTTPExchangeMetrics]>([])
        let metrics = LockedValue<HTTPExchangeMetrics?>(nil)

        /// Runs `body` with observers that keep what they hear here and pass it on to the ones in place.
        func observing<Result>(_ body: () async throws -> Result) async throws -> Result {
            var observation = HTTPLoadObservation.current
            let outer = observation.exchange
            observation.exchange = HTTPExchangeObserver { [metrics] measured in
                metrics.withLock { $0 = measured }
                outer?.observe(measured)
            }
            let outerRedirects = observation.redirects
            observation.redirects = HTTPRedirectObserver { [redirects] hop in
                if let measured = hop.metrics { redirects.withLock { $0.append(measured) } }
                return outerRedirects?.fields(after: hop) ?? [:]
            }
            return try await observation.bound { try await body() }
        }
    }
}

extension HTTPClient {
    /// Hands each exchange to `collect` once it has ended; see ``ExchangeCollectingHTTPClient``.
    /// - Parameters:
    ///   - baseURL: What the requests resolve against, for the URL of an exchange that got no answer.
    ///   - collect: Called once per load or stream, when it has ended.
    public func collectingExchanges(
        baseURL: URL, into collect: @escaping @Sendable (CollectedHTTPExchange) -> Void
    ) -> any HTTPClient {
        ExchangeCollectingHTTPClient(client: self, baseURL: baseURL, collect: collect)
    }
}
