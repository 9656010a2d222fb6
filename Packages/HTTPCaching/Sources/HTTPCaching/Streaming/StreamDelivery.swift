import Foundation
import HTTPClient

/// Answers handed to a streaming caller: a stored body read in chunks, or an answer held in memory, with progress
/// reports either way.
enum StreamDelivery {
    /// `stored` answering from the store at `date` with `outcome` (by default `hit` when fresh, else `stale`), its
    /// body read in chunks.
    static func serve<Result: Sendable>(
        _ stored: StoredAnswer, _ outcome: HTTPCacheOutcome? = nil, at date: Date,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let outcome = outcome ?? CacheFreshness.outcome(of: stored.entry, at: date)
        let (_, response) = CachedAnswer.answer(stored.entry, outcome, at: date, includingBody: false)
        return try await receive(response, reporting(stored.body, to: progress))
    }

    /// An answer held in memory, handed over whole, with one progress report.
    static func deliver<Result: Sendable>(
        _ answer: (Data, HTTPResponse), progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let count = Int64(answer.0.count)
        progress?(HTTPTransferProgress(bytesReceived: count, bytesExpectedToReceive: count))
        return try await receive(answer.1, HTTPBody(answer.0))
    }

    /// `body`, reporting the bytes read so far to `progress` before the first chunk and after each one.
    static func reporting(_ body: HTTPBody, to progress: (@Sendable (HTTPTransferProgress) -> Void)?) -> HTTPBody {
        guard let progress else { return body }
        var expected: Int64?
        if case .known(let length) = body.length { expected = length }
        let start = HTTPTransferProgress(bytesExpectedToReceive: expected)
        progress(start)
        let received = ReceivedBytes()
        return ObservedBody.body(body) { chunk in
            var report = start
            report.bytesReceived = received.add(chunk.count)
            progress(report)
        }
    }
}

/// A stored entry without its body, and its body to read in chunks.
typealias StoredAnswer = (entry: HTTPCacheEntry, body: HTTPBody)
