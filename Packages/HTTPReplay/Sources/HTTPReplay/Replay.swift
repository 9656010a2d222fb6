import Foundation
import HTTPClient

/// Where a test finds the client its ``ReplayTrait`` made.
public enum Replay {
    /// The session of the innermost test or suite with the trait, in this task and the tasks it starts.
    @TaskLocal static var session: ReplaySession?

    /// The client of the test (or suite) the trait scopes: answers from the archive, or records through `live`.
    ///
    /// Outside such a test every request throws ``ReplayTraitError/noReplayScope``.
    public static var client: any HTTPClient {
        session?.client ?? UnscopedReplayClient()
    }
}

/// The client outside any replay scope: every request fails, saying why.
struct UnscopedReplayClient: HTTPClient {
    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        throw ReplayTraitError.noReplayScope
    }

    func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        throw ReplayTraitError.noReplayScope
    }
}
