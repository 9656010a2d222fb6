import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects a whole response for `load(request:)`, within the client's size limit, and resumes the caller
/// once the task ends.
final class LoadCollector: TransferEvents {
    typealias Continuation = CheckedContinuation<(Data, URLResponse), any Error>

    private struct Received {
        var response: URLResponse?
        var body = Data()
    }

    private let continuation: Continuation
    private let limit: ResponseSizeLimit
    private let received = LockedValue(Received())

    init(limit: ResponseSizeLimit, continuation: Continuation) {
        self.limit = limit
        self.continuation = continuation
    }

    func didReceive(response: URLResponse, task: URLSessionDataTask) -> HTTPTransportError? {
        if limit.refusesUpFront(response, method: task.originalRequest?.httpMethod) {
            return .responseTooLarge(limit: limit.maximumBytes)
        }
        received.withLock { $0.response = response }
        return nil
    }

    func didReceive(data: Data) -> HTTPTransportError? {
        received.withLock { received in
            guard !limit.isExceeded(by: received.body.count + data.count) else {
                return .responseTooLarge(limit: limit.maximumBytes)
            }
            received.body.append(data)
            return nil
        }
    }

    func didSend(totalBytes: Int64, expectedBytes: Int64) {}

    func didComplete(error: (any Error)?, task: URLSessionTask) {
        let (response, body) = received.withLock { ($0.response, $0.body) }
        if let error {
            continuation.resume(throwing: error)
        } else if let response = response ?? task.response {
            continuation.resume(returning: (body, response))
        } else {
            continuation.resume(
                throwing: HTTPTransportError.invalidResponse(underlying: URLSessionClient.TransferError.noResponse))
        }
    }
}
