import Foundation
import HTTPClient
import HTTPClientSupport

/// Passes every load and stream on to `client`, running `before` ahead of each stream and `after` once the
/// wrapped stream returned; both hear the stream's number, from 1. `beforeLoad` runs ahead of each load.
struct HookedHTTPClient: HTTPClient {
    let client: any HTTPClient
    private let before: @Sendable (_ call: Int, _ body: HTTPBody?) async throws -> Void
    private let after: @Sendable (_ call: Int) throws -> Void
    private let beforeLoad: @Sendable () -> Void
    private let calls = LockedValue(0)

    init(
        _ client: any HTTPClient,
        before: @escaping @Sendable (_ call: Int, _ body: HTTPBody?) async throws -> Void = { _, _ in },
        after: @escaping @Sendable (_ call: Int) throws -> Void = { _ in },
        beforeLoad: @escaping @Sendable () -> Void = {}
    ) {
        self.client = client
        self.before = before
        self.after = after
        self.beforeLoad = beforeLoad
    }

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        beforeLoad()
        return try await client.load(request: request)
    }

    func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let call = calls.withLock { calls in
            calls += 1
            return calls
        }
        try await before(call, body)
        let result = try await client.stream(request: request, body: body, progress: progress, receive: receive)
        try after(call)
        return result
    }
}
