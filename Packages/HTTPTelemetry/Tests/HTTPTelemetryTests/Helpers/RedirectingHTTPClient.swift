import Foundation
import HTTPClient
import HTTPClientSupport

/// Follows a redirect to each of `targets` in turn as a transport would: before each next request it tells the
/// task's observers (`HTTPLoadObservation.current`) which hop ended (answered with 302 and `metrics`), from a detached task as a
/// transport's own thread would, and keeps the fields each request went out with; the last request gets
/// `client`'s answer.
struct RedirectingHTTPClient: HTTPClient {
    let client: any HTTPClient
    /// The URL of the original request, as the transport resolved it.
    let original: URL
    let targets: [URL]
    var metrics: HTTPExchangeMetrics? = nil
    /// The header fields of every request sent, the original first.
    let sent = LockedValue<[HTTPHeaders]>([])

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let observers = HTTPLoadObservation.current
        var headers = request.headers ?? [:]
        var url = original
        for target in targets {
            sent.withLock { $0.append(headers) }
            let hop = HTTPRedirectHop(
                method: request.method.rawValue, url: url, statusCode: 302, metrics: metrics, nextMethod: "GET",
                nextURL: target)
            let fields = await Task.detached { observers.fields(after: hop) }.value
            headers = headers.merging(fields)
            url = target
        }
        sent.withLock { $0.append(headers) }
        return try await client.load(request: request)
    }

    /// The fields of every request sent, the original first.
    var sentHeaders: [HTTPHeaders] { sent.withLock { $0 } }
}
