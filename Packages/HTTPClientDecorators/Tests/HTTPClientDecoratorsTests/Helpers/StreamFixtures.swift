import Foundation
import HTTPClient
import HTTPClientTestSupport

/// Bodies and replies for the streaming tests of retry, token refresh and timeouts.
enum StreamFixtures {
    /// A reply with `statusCode` whose body fails when read: a decorator that discards it must leave it unread.
    static func unreadable(_ statusCode: Int) -> StreamedReply {
        StreamedReply(.status(statusCode), steps: [.fail(TestFailure("a discarded answer's body was read"))])
    }

    /// A single-pass body of `text`'s UTF-8 bytes, with its length known.
    static func singlePass(_ text: String) -> HTTPBody {
        let (chunks, continuation) = AsyncStream<Data>.makeStream()
        continuation.yield(Data(text.utf8))
        continuation.finish()
        return HTTPBody(chunks, length: .known(Int64(text.utf8.count)))
    }

    /// Streams `request` through `client` and collects the answer's body as text.
    static func text(
        from client: any HTTPClient, _ request: TestRequest, body: HTTPBody? = nil,
        progress: (@Sendable (HTTPTransferProgress) -> Void)? = nil
    ) async throws -> String {
        try await client.stream(request: request, body: body, progress: progress) { _, body in
            String(decoding: try await body.collect(upTo: .max), as: UTF8.self)
        }
    }

    /// Whether every count in `reports` is at least the one before it.
    static func isMonotonic(_ reports: [HTTPTransferProgress]) -> Bool {
        zip(reports, reports.dropFirst()).allSatisfy {
            $0.bytesSent <= $1.bytesSent && $0.bytesReceived <= $1.bytesReceived
        }
    }
}
