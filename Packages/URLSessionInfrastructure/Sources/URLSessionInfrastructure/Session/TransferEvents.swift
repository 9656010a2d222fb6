import Foundation
import HTTPClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one running task's callbacks go to, once ``SessionDelegate`` has applied the redirect policy: a
/// ``LoadCollector`` for `load(request:)`, a ``StreamReceiver`` for `stream(request:body:progress:receive:)`.
///
/// The delegate calls ``didComplete(error:task:)`` exactly once per task, and nothing after it.
protocol TransferEvents: AnyObject, Sendable {
    /// The final response head arrived; returns the error to stop the task with, or `nil` to go on.
    func didReceive(response: URLResponse, task: URLSessionDataTask) -> HTTPTransportError?
    /// Body bytes arrived, decoded; returns the error to stop the task with, or `nil` to go on.
    func didReceive(data: Data) -> HTTPTransportError?
    /// `totalBytes` of the request body reached the socket layer, of `expectedBytes` (-1 when unknown).
    func didSend(totalBytes: Int64, expectedBytes: Int64)
    /// The task ended: with `error`, or completely when it is `nil`.
    func didComplete(error: (any Error)?, task: URLSessionTask)
}
