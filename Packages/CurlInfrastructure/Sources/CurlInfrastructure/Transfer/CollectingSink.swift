import CCurl
import HTTPClient
import HTTPClientSupport

/// The sink of ``CurlClient/load(request:)``: collects the body in memory, within the client's size limit,
/// and resumes the caller with the whole response.
final class CollectingSink: ResponseSink {
    private var body: ResponseBody
    private var response: HTTPResponse?
    private let continuation: CurlCommand.Continuation

    init(limit: ResponseSizeLimit, continuation: CurlCommand.Continuation) {
        body = ResponseBody(limit: limit)
        self.continuation = continuation
    }

    func begin(_ response: HTTPResponse, head: ResponseHead, length: HTTPBodyLength) -> HTTPTransportError? {
        self.response = response
        return body.refusesUpFront(length) ? .responseTooLarge(limit: body.limit.maximumBytes) : nil
    }

    func accept(_ bytes: UnsafeRawBufferPointer) -> BodyVerdict {
        body.accept(bytes)
    }

    func finish(_ result: TransferResult) {
        switch result {
        case .success:
            guard let response else {
                let error = CurlError(CURLE_WEIRD_SERVER_REPLY, "no response head")
                return continuation.resume(returning: .failure(.invalidResponse(underlying: error)))
            }
            continuation.resume(returning: .success(CurlResponse(body: body.data, response: response)))
        case .failure(let failure):
            continuation.resume(returning: .failure(failure.transportError))
        }
    }
}
