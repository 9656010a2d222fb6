import Foundation
import HTTPClient

/// One scripted answer of a ``StreamingScriptedHTTPClient``: a response head, then its body step by step.
public struct StreamedReply: Sendable {
    /// One step of a scripted response body.
    public enum Step: Sendable {
        /// Deliver these bytes as one chunk.
        case chunk(Data)
        /// Hold the body until the gate opens: a stalled transfer the test controls, without sleeping.
        case wait(Gate)
        /// Fail the body with this error: an interrupted transfer.
        case fail(any Error)
    }

    /// The response head handed to `receive`.
    public var response: HTTPResponse
    /// The body's steps, in order.
    public var steps: [Step]
    /// The body's declared length; reading enforces a known one, as a transport enforces `Content-Length`.
    public var length: HTTPBodyLength

    /// Creates a reply with `response`, then `steps`.
    public init(_ response: HTTPResponse, steps: [Step] = [], length: HTTPBodyLength = .unknown) {
        self.response = response
        self.steps = steps
        self.length = length
    }

    /// A response with `statusCode` and optional headers whose body is `chunks`, each UTF-8 encoded.
    public static func status(_ statusCode: Int, chunks: [String] = [], headers: HTTPHeaders? = nil) -> StreamedReply {
        StreamedReply(
            HTTPResponse(statusCode: statusCode, headers: headers), steps: chunks.map { .chunk(Data($0.utf8)) })
    }

    /// A reply with `statusCode` and `headers` whose body is `chunks`, then `failure` if given.
    public static func reply(
        _ statusCode: Int, headers: HTTPHeaders = [:], chunks: [Data] = [], failure: (any Error)? = nil
    ) -> StreamedReply {
        StreamedReply(
            HTTPResponse(statusCode: statusCode, headers: headers),
            steps: chunks.map { .chunk($0) } + (failure.map { [.fail($0)] } ?? []))
    }
}
