import Dispatch
import Foundation
import HTTPClient
import Synchronization

/// Counts the loads still running through the clients it wraps, so `--record` can wait for a cancelled
/// request to be recorded before it writes the archive: when a signal or a timeout cancels a command, the
/// command returns at once while its requests are still finishing (and being recorded) in the background.
final class InFlightLoads: Sendable {
    private struct State {
        var running = 0
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// `client`, counted.
    func tracking(_ client: any HTTPClient) -> any HTTPClient {
        TrackedHTTPClient(client: client, loads: self)
    }

    /// Returns once no load is running, or after `limit` at the latest (a load that ignores cancellation
    /// must not keep the tool from exiting). Works in a cancelled task too.
    func drained(within limit: Duration) async {
        let id = UUID()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state in
                if state.running == 0 { return true }
                state.waiters[id] = continuation
                return false
            }
            guard !idle else { return continuation.resume() }
            let (seconds, attoseconds) = limit.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
                state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
            }
        }
    }

    fileprivate func begin() {
        state.withLock { $0.running += 1 }
    }

    fileprivate func end() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// A client whose loads ``InFlightLoads`` counts.
private struct TrackedHTTPClient: HTTPClient {
    let client: any HTTPClient
    let loads: InFlightLoads

    @discardableResult
    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        loads.begin()
        defer { loads.end() }
        return try await client.load(request: request)
    }
}
