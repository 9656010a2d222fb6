import Foundation
import HTTPClient
import HTTPClientTestSupport

/// Streams return without calling the receiver, whose result type must then be `Bool` (`false` is returned);
/// loads fail. A client that breaks the contract, to see that a span still ends.
struct AnswerlessHTTPClient: HTTPClient {
    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        throw TestFailure("no load")
    }

    func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        guard let unanswered = false as? Result else { throw TestFailure("only Bool results") }
        return unanswered
    }
}
