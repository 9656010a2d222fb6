import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs one task of a client's session and stops it at any point: before it starts, while waiting for the
/// response head, or while the body arrives.
///
/// The task has no completion handler, so its callbacks reach the session's ``SessionDelegate``, which hands
/// them to the task's ``TransferEvents``. ``stop()`` ends those events at once with
/// `HTTPTransportError.cancelled` and then cancels the task; whatever the session still delivers for it is
/// dropped.
final class CancellableTask: Sendable {
    private enum State {
        case notStarted
        case running(URLSessionTask)
        case stopped
    }

    private let state = LockedValue<State>(.notStarted)
    private let delegate: SessionDelegate

    init(delegate: SessionDelegate) {
        self.delegate = delegate
    }

    /// Routes the callbacks of the task `make` creates for `request` to `events`, and resumes it.
    /// - Returns: `false`, creating nothing, when ``stop()`` came first.
    func start(_ request: URLRequest, events: any TransferEvents, make: () -> URLSessionTask) -> Bool {
        state.withLock { state in
            guard case .notStarted = state else { return false }
            let task = make()
            delegate.register(task, request: request, events: events)
            state = .running(task)
            task.resume()
            return true
        }
    }

    /// Ends the task's events with `HTTPTransportError.cancelled` and cancels it, unless it already ended;
    /// a task not yet started never starts.
    func stop() {
        let task = state.withLock { state -> URLSessionTask? in
            defer { state = .stopped }
            guard case .running(let task) = state else { return nil }
            return task
        }
        guard let task else { return }
        if delegate.fail(task, with: HTTPTransportError.cancelled) {
            task.cancel()
        }
    }
}
