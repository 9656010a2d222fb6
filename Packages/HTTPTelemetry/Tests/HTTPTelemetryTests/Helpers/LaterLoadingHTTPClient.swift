import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport

/// Answers at once with `200`, and starts a task (inheriting the caller's task-locals, as a background
/// revalidation might) that loads the same request from `client` once `gate` opens.
struct LaterLoadingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let gate: Gate
    private let started = LockedValue<[Task<Void, any Error>]>([])

    init(client: any HTTPClient, gate: Gate) {
        self.client = client
        self.gate = gate
    }

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let task = Task { [client, gate] in
            try await gate.wait()
            try await client.load(request: request)
        }
        started.withLock { $0.append(task) }
        return (Data(), HTTPResponse(statusCode: 200))
    }

    /// Returns once every load started so far has ended.
    func laterLoadsFinished() async throws {
        for task in started.withLock({ $0 }) { try await task.value }
    }
}
