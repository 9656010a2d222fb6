import Foundation
import HTTPClient
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs one `URLSessionDataTask` and cancels it as soon as the calling Task is cancelled:
/// before it starts, while waiting for the response head, or while the body arrives.
///
/// Built on `dataTask(with:completionHandler:)` rather than the async `data(for:)`, so the
/// behaviour is the same on Apple platforms and with swift-corelibs-foundation on Linux.
final class CancellableDataTask: Sendable {
    private enum State {
        case notStarted
        case running(URLSessionDataTask)
        case cancelled
    }

    private let state = Mutex<State>(.notStarted)
    private let request: URLRequest
    private let session: URLSession

    private init(request: URLRequest, session: URLSession) {
        self.request = request
        self.session = session
    }

    /// Loads `request` with `session`; a cancelled calling Task ends it with `HTTPTransportError.cancelled`.
    /// - Returns: The body (empty when there is none) and the response.
    /// - Throws: `HTTPTransportError.cancelled`, or the session's error unchanged.
    static func data(for request: URLRequest, session: URLSession) async throws -> (Data, URLResponse) {
        try await CancellableDataTask(request: request, session: session).run()
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

    private func start(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        state.withLock { state in
            guard case .notStarted = state else {
                continuation.resume(throwing: HTTPTransportError.cancelled)
                return
            }
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: HTTPTransportError.invalidResponse(underlying: "no response"))
                }
            }
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
        task?.cancel()
    }
}
