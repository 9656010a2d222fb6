import HTTPClient
import HTTPClientSupport

/// How one streamed attempt of a call that may send its request again ended: its response went to the caller's
/// `receive`, or it was discarded for a reason the decorator acts on (a retry, a token refresh).
enum StreamAttempt<Result: Sendable, Reason: Sendable>: Sendable {
    /// The response went to the caller, and this is what `receive` returned.
    case delivered(Result)
    /// The response head or the error was discarded for `Reason`; no byte of it reached the caller.
    case discarded(Reason)

    /// What the attempt's `receive` decided on the response head.
    private enum Decision: Sendable {
        case delivered
        case discarded(Reason)
    }

    /// Streams one attempt through `client`, deciding on the response head, or on an error thrown before the
    /// head reached the caller, with `discard`: a reason discards the answer (its body unread, so the transfer
    /// stops), `nil` hands it on. Once the caller's `receive` has started, nothing is discarded: whatever
    /// happens after is the caller's.
    /// - Parameters:
    ///   - body: Sent as given; repeat attempts only with a replayable body.
    ///   - progress: Relays this attempt's progress, and hears when its response goes to the caller.
    /// - Throws: The error the attempt threw, when `discard` keeps it or the caller's `receive` had started.
    static func run(
        _ request: any HTTPRequest,
        body: HTTPBody?,
        through client: any HTTPClient,
        progress: AttemptProgress?,
        discarding discard: @Sendable (AttemptOutcome) -> Reason?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Self {
        let decided = LockedValue<Decision?>(nil)
        do {
            return try await client.stream(request: request, body: body, progress: progress?.nextAttempt()) {
                response, responseBody in
                if let reason = discard(.response(response)) {
                    decided.withLock { $0 = .discarded(reason) }
                    return .discarded(reason)
                }
                progress?.deliver()
                decided.withLock { $0 = .delivered }
                return .delivered(try await receive(response, responseBody))
            }
        } catch {
            switch decided.withLock({ $0 }) {
            case .delivered:
                throw error
            case .discarded(let reason):
                // Stopping the discarded transfer failed: it is discarded all the same, unless the caller is gone.
                if Task.isCancelled { throw error }
                return .discarded(reason)
            case nil:
                guard let reason = discard(.failure(error)) else { throw error }
                return .discarded(reason)
            }
        }
    }
}
