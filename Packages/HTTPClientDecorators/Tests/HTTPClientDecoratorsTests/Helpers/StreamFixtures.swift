import Foundation
import HTTPClient
import HTTPClientTestSupport

/// Bodies, replies and checks shared by the streaming tests.
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

    /// The progress reports of a `PUT` of `text` streamed through `client`, its answer read whole.
    static func progressReports(uploading text: String, through client: any HTTPClient) async throws
        -> [HTTPTransferProgress]
    {
        let reports = RecordedValues<HTTPTransferProgress>()
        _ = try await client.streamText(TestRequest(method: .put), body: HTTPBody(Data(text.utf8))) {
            reports.append($0)
        }
        return reports.values
    }

    /// Whether every count in `reports` is at least the one before it.
    static func isMonotonic(_ reports: [HTTPTransferProgress]) -> Bool {
        zip(reports, reports.dropFirst()).allSatisfy {
            $0.bytesSent <= $1.bytesSent && $0.bytesReceived <= $1.bytesReceived
        }
    }
}
