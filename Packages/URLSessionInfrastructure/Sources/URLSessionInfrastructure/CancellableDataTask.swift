import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs one `URLSessionDataTask` of a client's session and ends it as soon as the calling Task is cancelled:
/// before it starts, while waiting for the response head, or while the body arrives.
///
/// The task has no completion handler, so its callbacks reach the session's ``SessionDelegate``, which
/// resumes the continuation. Cancellation resumes it at once with `HTTPTransportError.cancelled` and then
/// cancels the data task; whatever the session still delivers for it is dropped.
final class CancellableDataTask: Sendable {
    private enum State {
        case notStarted
        case running(URLSessionDataTask)
        case cancelled
    }

    private let state = LockedValue<State>(.notStarted)
    private let request: URLRequest
    private let session: URLSession
    private let delegate: SessionDelegate

    private init(request: URLRequest, session: URLSession, delegate: SessionDelegate) {
        self.request = request
        self.session = session
        self.delegate = delegate
    }

    /// Loads `request` with `session`, whose delegate is `delegate`; a cancelled calling Task ends it with
    /// `HTTPTransportError.cancelled`.
    /// - Returns: The body (empty when there is none) and the response.
    /// - Throws: `HTTPTransportError.cancelled`, the delegate's `HTTPTransportError`, or the session's error
    ///   unchanged.
    static func data(
        for request: URLRequest, session: URLSession, delegate: SessionDelegate
    ) async throws -> (Data, URLResponse) {
        try await CancellableDataTask(request: request, session: session, delegate: delegate).run()
    }

    private func run() async throws -> (Data, URLResponse) {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                start(continuation)
            }
        } onCancel: {
            cancel()
        }
    }

    private func start(_ continuation: Transfer.Continuation) {
        state.withLock { state in
            guard case .notStarted = state else {
                continuation.resume(throwing: HTTPTransportError.cancelled)
                return
            }
            let task = session.dataTask(with: request)
            delegate.register(task, request: request, continuation: continuation)
            state = .running(task)
            task.resume()
        }
    }

    private func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            defer { state = .cancelled }
            guard case .running(let task) = state else { return nil }
            return task
        }
        guard let task else { return }
        if delegate.fail(task, with: HTTPTransportError.cancelled) {
            task.cancel()
        }
    }
}
