import CommandLineKit
import Foundation
import HTTPClient
import HTTPClientSupport

/// `--write-out FORMAT`: after each exchange of the transport it wraps, writes the format with curl's variables
/// filled in (see ``WriteOutExchange``).
///
/// It hears the transport's measurement through an `HTTPExchangeObserver` of its own, which passes every
/// measurement on to the observer already in place (the tracing decorator's, with `--trace`). An exchange that
/// throws is written too, with `http_code` `000` when no answer came. Values are made safe for a terminal; the
/// format's own text is written as given.
struct WritingOutHTTPClient: HTTPClient {
    let client: any HTTPClient
    let template: WriteOutTemplate
    let urls: HTTPURLBuilder
    let write: @Sendable (String) -> Void

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let heard = LockedValue<HTTPExchangeMetrics?>(nil)
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
        let heard = LockedValue<HTTPExchangeMetrics?>(nil)
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
        into heard: LockedValue<HTTPExchangeMetrics?>, _ body: () async throws -> Result
    ) async throws -> Result {
        let outer = HTTPExchangeObserver.current
        let observer = HTTPExchangeObserver { metrics in
            heard.withLock { $0 = metrics }
            outer?.observe(metrics)
        }
        return try await HTTPExchangeObserver.$current.withValue(observer) { try await body() }
    }

    private func writeOut(
        _ request: any HTTPRequest, _ response: HTTPResponse?, _ heard: LockedValue<HTTPExchangeMetrics?>
    ) {
        let exchange = WriteOutExchange(
            method: request.method, url: response?.url ?? (try? urls.url(for: request)),
            statusCode: response?.statusCode, metrics: heard.withLock { $0 })
        write(template.render { TerminalText.sanitized(exchange.value(of: $0)) })
    }
}

extension WritingOutHTTPClient {
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
