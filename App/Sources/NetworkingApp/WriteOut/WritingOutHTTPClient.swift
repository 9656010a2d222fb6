import CommandLineKit
import Foundation
import HTTPClient
import HTTPClientSupport

/// `--write-out FORMAT`: after each exchange of the transport it wraps, writes the format with curl's variables
/// filled in (see ``WriteOutExchange``).
///
/// It hears the transport's measurement through an `HTTPExchangeObserver` of its own, and each followed redirect's
/// through an `HTTPRedirectObserver`, which pass everything on to the observers of their kind already in place (the
/// tracing decorator's load observer, with `--trace`, hears the transport itself): one line per load, with the
/// redirects added up (``WriteOutMeasurement``), `url_effective` the URL that answered. An exchange that throws is
/// written too, with `http_code` `000` when no answer came. Values are made safe for a terminal; the format's own text
/// is written as given.
struct WritingOutHTTPClient: HTTPClient {
    let client: any HTTPClient
    let template: WriteOutTemplate
    let urls: HTTPURLBuilder
    let write: @Sendable (String) -> Void

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let heard = Heard()
        do {
            let (data, response) = try await observing(into: heard) { try await client.load(request: request) }
            writeOut(request, response, heard)
            return (data, response)
        } catch {
            writeOut(request, nil, heard)
            throw error
        }
    }

    func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let heard = Heard()
        let head = LockedValue<HTTPResponse?>(nil)
        do {
            let result = try await observing(into: heard) {
                try await client.stream(request: request, body: body, progress: progress) { response, responseBody in
                    head.withLock { $0 = response }
                    return try await receive(response, responseBody)
                }
            }
            writeOut(request, head.withLock { $0 }, heard)
            return result
        } catch {
            writeOut(request, head.withLock { $0 }, heard)
            throw error
        }
    }

    private func observing<Result>(
        into heard: Heard, _ body: () async throws -> Result
    ) async throws -> Result {
        let outer = HTTPExchangeObserver.current
        let observer = HTTPExchangeObserver { metrics in
            heard.last.withLock { $0 = metrics }
            outer?.observe(metrics)
        }
        let outerRedirects = HTTPRedirectObserver.current
        let redirects = HTTPRedirectObserver { hop in
            if let metrics = hop.metrics { heard.hops.withLock { $0.append(metrics) } }
            return outerRedirects?.fields(after: hop) ?? [:]
        }
        return try await HTTPExchangeObserver.$current.withValue(observer) {
            try await HTTPRedirectObserver.$current.withValue(redirects) { try await body() }
        }
    }

    private func writeOut(
        _ request: any HTTPRequest, _ response: HTTPResponse?, _ heard: Heard
    ) {
        let exchange = WriteOutExchange(
            method: request.method, url: response?.url ?? (try? urls.url(for: request)),
            statusCode: response?.statusCode, measurement: heard.measurement)
        write(template.render { TerminalText.sanitized(exchange.value(of: $0)) })
    }
}

extension WritingOutHTTPClient {
    /// What the observers heard during one load: each followed redirect's measurement and the last request's.
    final class Heard: Sendable {
        let hops = LockedValue<[HTTPExchangeMetrics]>([])
        let last = LockedValue<HTTPExchangeMetrics?>(nil)

        /// The load's measurement, or `nil` when the last request was not measured.
        var measurement: WriteOutMeasurement? {
            last.withLock { $0 }.map { WriteOutMeasurement(hops: hops.withLock { $0 }, last: $0) }
        }
    }

    /// Wraps each transport `makeTransport` makes, writing `template` through `write` after its exchanges.
    static func transports(
        _ makeTransport: @escaping HTTPClientFactory.MakeTransport, template: WriteOutTemplate,
        write: @escaping @Sendable (String) -> Void
    ) -> HTTPClientFactory.MakeTransport {
        { baseURL, settings in
            WritingOutHTTPClient(
                client: try makeTransport(baseURL, settings), template: template,
                urls: HTTPURLBuilder(baseURL: baseURL),
                write: write)
        }
    }
}
