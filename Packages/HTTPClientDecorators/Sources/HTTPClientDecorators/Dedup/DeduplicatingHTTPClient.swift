import Foundation
import HTTPClient

/// Merges identical in-flight `GET` and `HEAD` requests into one load whose result every caller receives.
///
/// Requests are identical when their `HTTPRequestSnapshot`s are equal (method, version, path, query,
/// headers, body). Other methods always load on their own: two `POST`s are never merged. Streams are never
/// merged either: each `stream` call goes to the wrapped client.
///
/// The shared load runs in an unstructured task owned by the decorator. A caller whose task is cancelled
/// stops waiting at once with `CancellationError`, while the others still get the result; the shared load
/// itself is cancelled only when every caller waiting for it was cancelled. An entry is removed as soon as
/// its load finishes, before anyone receives the result, so a later identical request loads again.
public struct DeduplicatingHTTPClient: HTTPClient {
    let client: any HTTPClient
    private let inFlight = SharedLoads()
    private let onJoin: @Sendable (_ shared: Bool) -> Void

    /// Wraps `client`.
    public init(client: any HTTPClient) {
        self.init(client: client, onJoin: { _ in })
    }

    /// `onJoin` runs once a `GET`/`HEAD` caller is registered: `true` when it joined a load in flight (a test seam).
    init(client: any HTTPClient, onJoin: @escaping @Sendable (_ shared: Bool) -> Void) {
        self.client = client
        self.onJoin = onJoin
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        guard request.method == .get || request.method == .head else {
            return try await client.load(request: request)
        }
        let (load, member, isShared) = inFlight.join(SharedLoads.Key(request)) { [client] in
            try await client.load(request: request)
        }
        onJoin(isShared)
        return try await load.value(for: member)
    }

    /// Streams on its own, never shared: a streamed body has one reader, so identical streams each go to
    /// the wrapped client.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        try await client.stream(request: request, body: body, progress: progress, receive: receive)
    }
}

extension HTTPClient {
    /// Shares one load among identical concurrent `GET`/`HEAD` requests; see ``DeduplicatingHTTPClient``.
    public func deduplicatingInFlightRequests() -> any HTTPClient {
        DeduplicatingHTTPClient(client: self)
    }
}
