import Foundation
import HTTPClient
import Synchronization

/// An `HTTPClient` for streaming tests: answers `stream` itself from a script of ``StreamedReply`` values.
///
/// Like a transport, it reads the whole request body before answering and records the bytes it read, and
/// it hands `receive` a single-pass body that delivers the reply's steps: chunks, waits on a ``Gate``, and
/// failures. Progress is reported once the request body is read and after every response chunk. `load`
/// streams and collects. When the script runs out, a request fails with
/// ``ScriptedHTTPClient/ScriptExhausted``. Safe to call from many tasks at once.
///
/// ```swift
/// let client = StreamingScriptedHTTPClient(replies: [
///     StreamedReply(HTTPResponse(statusCode: 200), steps: [.chunk(part), .fail(CancellationError())])
/// ])
/// ```
public final class StreamingScriptedHTTPClient: HTTPClient {
    private let script: Script

    /// Creates a client that answers with `replies` in order.
    public init(replies: [StreamedReply]) {
        script = Script(replies: replies)
    }

    /// Every request received so far, in arrival order, with the body read from it.
    public var requests: [StreamedRequest] {
        get async { await script.received }
    }

    /// Streams the request and collects the whole response body.
    @discardableResult
    public func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await stream(request: request, body: nil, progress: nil) { response, body in
            (try await body.collect(upTo: .max), response)
        }
    }

    public func stream<Result: Sendable>(
        request: HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let snapshot = HTTPRequestSnapshot(request)
        var sent = request.body
        if let body {
            do {
                sent = try await body.collect(upTo: .max)
            } catch {
                await script.record(StreamedRequest(request: snapshot, body: nil, bodyError: error))
                throw error
            }
        }
        let reply = try await script.reply(to: StreamedRequest(request: snapshot, body: sent, bodyError: nil))
        let bytesSent = Int64(sent?.count ?? 0)
        var expected: Int64?
        if case .known(let count) = reply.length { expected = count }
        let reported = HTTPTransferProgress(
            bytesSent: bytesSent, bytesExpectedToSend: bytesSent, bytesExpectedToReceive: expected)
        progress?(reported)
        let received = ReceivedCount()
        let chunks = ScriptedBody(steps: reply.steps) { count in
            var next = reported
            next.bytesReceived = received.add(count)
            progress?(next)
        }
        return try await receive(reply.response, HTTPBody(chunks, length: reply.length))
    }
}

extension StreamingScriptedHTTPClient {
    /// The replies left and the requests received.
    fileprivate actor Script {
        private var replies: [StreamedReply]
        private(set) var received: [StreamedRequest] = []

        init(replies: [StreamedReply]) {
            self.replies = replies
        }

        func record(_ request: StreamedRequest) {
            received.append(request)
        }

        func reply(to request: StreamedRequest) throws -> StreamedReply {
            received.append(request)
            guard !replies.isEmpty else { throw ScriptedHTTPClient.ScriptExhausted(request: request.request) }
            return replies.removeFirst()
        }
    }

    /// A running total of response bytes, shared with the body's iterator.
    fileprivate final class ReceivedCount: Sendable {
        private let total = Atomic<Int64>(0)

        func add(_ count: Int) -> Int64 {
            total.wrappingAdd(Int64(count), ordering: .relaxed).newValue
        }
    }
}
