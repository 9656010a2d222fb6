import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CancellationLatch where Handle == URLSessionTask {
    /// Creates the task with `make`, routes its callbacks to `events` through `delegate`, and resumes it,
    /// unless ``stopTask(delegate:)`` came first.
    ///
    /// The task has no completion handler, so its callbacks reach the session's ``SessionDelegate``, which
    /// hands them to `events`.
    /// - Returns: `false`, creating nothing, when the latch was cancelled first.
    func startTask(
        _ request: URLRequest, events: any TransferEvents, delegate: SessionDelegate, make: () -> URLSessionTask
    ) -> Bool {
        start {
            let task = make()
            delegate.register(task, request: request, events: events)
            task.resume()
            return task
        }
    }

    /// Ends the task's events with `HTTPTransportError.cancelled` and then cancels it, unless it already
    /// ended; whatever the session still delivers for it is dropped. A task not yet started never starts.
    func stopTask(delegate: SessionDelegate) {
        cancel { task in
            if delegate.fail(task, with: HTTPTransportError.cancelled) { task.cancel() }
        }
    }
}
