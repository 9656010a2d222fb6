import Foundation
import HTTPClient
import HTTPClientSupport

/// A client made on its first load or stream, so a program that never loads (every answer cached, say) never
/// makes one.
///
/// The first load or stream calls `make` under a lock and keeps what it returns for every later one. A `make`
/// that throws keeps nothing: that call fails with its error, and the next one tries again.
public final class LazyHTTPClient: HTTPClient {
    private let make: @Sendable () throws -> any HTTPClient
    private let made = LockedValue<(any HTTPClient)?>(nil)

    /// Wraps `make`, which is called on the first load or stream (and again after it throws).
    public init(make: @escaping @Sendable () throws -> any HTTPClient) {
        self.make = make
    }

    /// Whether the client was made.
    public var isMade: Bool {
        made.withLock { $0 != nil }
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await client().load(request: request)
    }

    /// Streams through the wrapped client, made now if no load or stream made it yet.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        try await client().stream(request: request, body: body, progress: progress, receive: receive)
    }

    /// The wrapped client, made now if no load or stream made it yet.
    public func client() throws -> any HTTPClient {
        try made.withLock { made in
            if let made { return made }
            let client = try make()
            made = client
            return client
        }
    }
}
