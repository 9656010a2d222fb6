import Foundation
import HTTPClient

/// Bounds every load or stream to the time left until a ``SharedDeadline``, which many clients can share.
///
/// Each load is bounded as by ``TimeoutHTTPClient``, to the time left when it starts; so retry inside never waits
/// past the deadline, and two loads one after the other have the deadline's total for both. A load that starts
/// after the deadline fails at once, sending nothing; a load that times out once the deadline has passed fails
/// with the deadline's ``SharedDeadline/expired`` error.
public struct DeadlineBoundHTTPClient: HTTPClient {
    let client: any HTTPClient
    let deadline: SharedDeadline
    private let timer: DeadlineTimer

    /// Wraps `client`, bounded by `deadline`.
    public init(client: any HTTPClient, deadline: SharedDeadline) {
        self.client = client
        self.deadline = deadline
        timer = DeadlineTimer(time: deadline.time)
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let remaining = deadline.remaining
        guard remaining > .zero else { throw deadline.expired }
        do {
            return try await TimeoutHTTPClient(client: client, duration: remaining, time: deadline.time)
                .load(request: request)
        } catch HTTPTransportError.timedOut where deadline.remaining <= .zero {
            throw deadline.expired
        }
    }

    /// Bounds the whole stream, `receive` included, to the time left until the deadline: a stream that
    /// starts after it fails at once, sending nothing, and one still running when it passes is cancelled and
    /// fails with the deadline's error.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let remaining = deadline.remaining
        guard remaining > .zero else { throw deadline.expired }
        let own = Deadline(after: remaining, on: deadline.time)
        return try await own.scope {
            try await timer.race(until: own.instant, timeUp: { deadline.expired }) {
                try await client.stream(request: request, body: body, progress: progress, receive: receive)
            }
        }
    }
}

extension HTTPClient {
    /// Bounds every load to the time left until `deadline`, shared with every other client it bounds; see
    /// ``DeadlineBoundHTTPClient``.
    public func bounded(by deadline: SharedDeadline) -> any HTTPClient {
        DeadlineBoundHTTPClient(client: self, deadline: deadline)
    }
}
