import Foundation
import HTTPClient

/// Passes every call to `base`, and rewrites a `Location` that names `upstream` (`http://127.0.0.1:PORT`, the
/// dev server's own origin, which it puts in every upload URL) to `proxy`, the origin of the TCP proxy the
/// client talks to: the server's answer as it would read behind a proxy that tells it its public origin.
struct ProxiedLocationClient: HTTPClient {
    let base: any HTTPClient
    let upstream: String
    let proxy: String

    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let (data, response) = try await base.load(request: request)
        guard var headers = response.headers, let location = headers["Location"], location.hasPrefix(upstream)
        else { return (data, response) }
        headers["Location"] = proxy + location.dropFirst(upstream.count)
        return (data, HTTPResponse(statusCode: response.statusCode, headers: headers, url: response.url))
    }

    func stream<Result: Sendable>(
        request: HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        try await base.stream(request: request, body: body, progress: progress, receive: receive)
    }
}
