import HTTPClient
import HTTPClientSupport

/// Where a transfer's response goes: collected for a load, or streamed to the caller's reader.
enum ResponseDelivery: Sendable {
    /// Collect the body within the client's size limit and resume the continuation with the whole response.
    case collect(CurlCommand.Continuation)
    /// Hand the head and body to the stream, feeding progress to the reporter, which delivers it off the loop
    /// thread.
    case stream(ResponseStream, progress: TransferProgressReporter?)

    /// The sink that receives the response, on the loop thread.
    func makeSink(limit: ResponseSizeLimit) -> any ResponseSink {
        switch self {
        case .collect(let continuation): CollectingSink(limit: limit, continuation: continuation)
        case .stream(let stream, _): stream
        }
    }

    /// Ends a transfer that never started with `error`.
    func fail(_ error: HTTPTransportError) {
        switch self {
        case .collect(let continuation): continuation.resume(returning: .failure(error))
        case .stream(let stream, _): stream.finish(.failure(.transport(error)))
        }
    }
}
