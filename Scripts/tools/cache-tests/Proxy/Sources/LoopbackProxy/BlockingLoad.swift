import Dispatch
import Foundation
import HTTPClient
import HTTPClientSupport

/// Runs one async `load` from a thread that may block.
///
/// The load runs in a new `Task` while the calling thread waits on a semaphore. Only the proxy's own
/// connection threads call it: waiting like this on a thread of the concurrency pool could starve the pool
/// of the very thread the load needs.
enum BlockingLoad {
    /// The outcome of `client.load(request:)`, once it finished.
    static func load(_ request: any HTTPRequest, with client: any HTTPClient) -> Result<(Data, HTTPResponse), any Error>
    {
        let outcome = LockedValue<Result<(Data, HTTPResponse), any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            let result: Result<(Data, HTTPResponse), any Error>
            do {
                result = .success(try await client.load(request: request))
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        finished.wait()
        return outcome.withLock { $0 } ?? .failure(HTTPTransportError.other(underlying: BlockingLoadError()))
    }
}

/// A load whose task ended without storing an outcome, which the task's code never does.
private struct BlockingLoadError: Error, CustomStringConvertible {
    var description: String { "the load left no outcome" }
}
