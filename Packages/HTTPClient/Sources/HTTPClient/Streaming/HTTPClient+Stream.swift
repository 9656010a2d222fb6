import Foundation

extension HTTPClient {
    /// Streams over ``load(request:)``, for clients that do not stream natively: collects `body` (up to
    /// ``HTTPBody/inMemoryLimit`` bytes) into the request, loads it, reports the whole transfer once, and hands the
    /// loaded bytes to `receive` as a replayable body.
    /// - Throws: ``HTTPBodyError/tooLarge(limit:)`` when `body` is past the limit, what reading `body`
    ///   throws, what ``load(request:)`` throws, or what `receive` throws.
    public func stream<Result: Sendable>(
        request: HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        var sent: any HTTPRequest = request
        if let body {
            var withBody = ModifiedRequest(request)
            withBody.body = try await body.collect(upTo: HTTPBody.inMemoryLimit)
            sent = withBody
        }
        let bytesSent = Int64(sent.body?.count ?? 0)
        let (data, response) = try await load(request: sent)
        progress?(
            HTTPTransferProgress(
                bytesSent: bytesSent, bytesExpectedToSend: bytesSent,
                bytesReceived: Int64(data.count), bytesExpectedToReceive: Int64(data.count)))
        return try await receive(response, HTTPBody(data))
    }
}
