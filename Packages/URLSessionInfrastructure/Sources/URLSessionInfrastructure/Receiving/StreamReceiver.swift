import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Takes a streamed task's events: hands the response head to the waiting caller, the body's bytes to a
/// ``ResponseBodyBuffer``, and the byte counts to a `TransferProgressReporter`.
final class StreamReceiver: TransferEvents {
    typealias HeadContinuation = CheckedContinuation<URLResponse, any Error>

    private enum Head {
        case notAwaited
        case awaited(HeadContinuation)
        case delivered
    }

    /// Where the body's bytes go.
    let buffer: ResponseBodyBuffer
    private let progress: TransferProgressReporter?
    private let request: URLRequest
    private let head = LockedValue(Head.notAwaited)

    init(request: URLRequest, buffer: ResponseBodyBuffer, progress: TransferProgressReporter?) {
        self.request = request
        self.buffer = buffer
        self.progress = progress
    }

    /// Calls `start` and suspends until the final response head arrives.
    /// - Throws: What the task ended with before a head arrived, mapped to `HTTPTransportError`.
    func response(start: () -> Void) async throws -> URLResponse {
        try await withCheckedThrowingContinuation { continuation in
            head.withLock { $0 = .awaited(continuation) }
            start()
        }
    }

    /// Ends the transfer with `error` before it started.
    func failBeforeStart(_ error: HTTPTransportError) {
        deliverHead(.failure(error))
        buffer.fail(error)
    }

    func didReceive(response: URLResponse, task: URLSessionDataTask) -> HTTPTransportError? {
        progress?.expectToReceive(ResponseBodyLength.of(response, method: request.httpMethod))
        buffer.attach(
            ResponseBodyBuffer.Producer(
                pause: { task.suspend() }, resume: { task.resume() },
                stop: { DispatchQueue.global().async { task.cancel() } }))
        deliverHead(.success(response))
        return nil
    }

    func didReceive(data: Data) -> HTTPTransportError? {
        if let error = buffer.append(data) { return error }
        progress?.received(data.count)
        return nil
    }

    func didSend(totalBytes: Int64, expectedBytes: Int64) {
        progress?.sent(totalBytes: totalBytes)
    }

    func didComplete(error: (any Error)?, task: URLSessionTask) {
        if let error {
            let failure = TransportErrorMapper.map(error, url: request.url)
            deliverHead(.failure(failure))
            buffer.fail(failure)
            return
        }
        if let response = task.response {
            deliverHead(.success(response))
        } else {
            deliverHead(
                .failure(HTTPTransportError.invalidResponse(underlying: URLSessionClient.TransferError.noResponse)))
        }
        progress?.finish()
        buffer.finish()
    }

    /// Resumes the waiting caller with `result`, once; later results are dropped.
    private func deliverHead(_ result: Result<URLResponse, any Error>) {
        let continuation = head.withLock { head -> HeadContinuation? in
            guard case .awaited(let continuation) = head else { return nil }
            head = .delivered
            return continuation
        }
        continuation?.resume(with: result)
    }
}
