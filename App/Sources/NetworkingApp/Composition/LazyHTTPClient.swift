import Foundation
import HTTPClient
import HTTPClientSupport

/// A transport made on its first request, so a command that the cache answers alone never makes one: no
/// `URLSession`, no libcurl handle, none of FoundationNetworking's start-up work.
///
/// The first `load` calls `make` under a lock and keeps what it returns for every later load. A `make` that
/// throws keeps nothing: that load fails with its error, and the next load tries again.
final class LazyHTTPClient: HTTPClient {
    private let make: @Sendable () throws -> any HTTPClient
    private let made = LockedValue<(any HTTPClient)?>(nil)

    init(make: @escaping @Sendable () throws -> any HTTPClient) {
        self.make = make
    }

    /// Whether the transport was made (for tests).
    var isMade: Bool {
        made.withLock { $0 != nil }
    }

    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await client().load(request: request)
    }

    /// The transport, made now if no load made it yet.
    func client() throws -> any HTTPClient {
        try made.withLock { made in
            if let made { return made }
            let client = try make()
            made = client
            return client
        }
    }
}
