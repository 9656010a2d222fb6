import Foundation
import HTTPClient
import HTTPClientSupport

/// What one stream through a ``LoggingHTTPClient`` went through, filled in as the transfer goes and read when
/// its entry is written.
///
/// A single-pass body is observed as its one reader (the transport for the request, the caller for the
/// response) reads it, never read by the log itself; a replayable body is passed on untouched and its first
/// bytes are read apart.
final class StreamLogRecord: Sendable {
    /// The record at one moment.
    struct Snapshot: Sendable {
        /// The streamed request body, when one was given: as read by the client when single-pass, or as a
        /// whole when replayable.
        var requestBody: BodyCapture?
        var requestLength: HTTPBodyLength?
        var requestIsReplayable = false
        /// The last progress the client reported.
        var progress: HTTPTransferProgress?
        /// The response head, once it arrived, and when.
        var response: HTTPResponse?
        var headElapsed: Duration?
        var responseBody: BodyCapture?
        var responseLength: HTTPBodyLength?

        /// Request body bytes sent: what the client reported, or what it read of a single-pass body; for a
        /// replayable body that the client reported nothing for, its length.
        var bytesSent: Int64 {
            let captured = requestBody?.count ?? 0
            if requestIsReplayable { return progress?.bytesSent ?? captured }
            return max(progress?.bytesSent ?? 0, captured)
        }
    }

    private let limit: Int
    private let state = LockedValue(Snapshot())

    /// - Parameter limit: The most bytes of each body kept for the log.
    init(limit: Int) {
        self.limit = max(0, limit)
    }

    var snapshot: Snapshot { state.withLock { $0 } }

    /// The body to send in place of `body`, observed as the client reads it when it is single-pass.
    func sending(_ body: HTTPBody?) async throws -> HTTPBody? {
        guard let body else { return nil }
        if body.isReplayable {
            let prefix = try await BodyPrefix.read(body, upTo: limit)
            let length = body.length
            let size: Int64 = if case .known(let count) = length { count } else { Int64(prefix.count) }
            state.withLock { state in
                state.requestLength = length
                state.requestIsReplayable = true
                state.requestBody = BodyCapture(limit: limit, prefix: prefix, length: size)
            }
            return body
        }
        state.withLock { state in
            state.requestLength = body.length
            state.requestBody = BodyCapture(limit: limit)
        }
        return body.observed { [state] event in state.withLock { $0.requestBody?.record(event) } }
    }

    /// Keeps the client's latest progress report.
    func record(_ report: HTTPTransferProgress) {
        state.withLock { $0.progress = report }
    }

    /// Keeps the response head and returns the body to hand the caller: observed as it reads when
    /// single-pass, untouched when replayable.
    func receiving(_ response: HTTPResponse, _ body: HTTPBody, after elapsed: Duration) async throws -> HTTPBody {
        state.withLock { state in
            state.response = response
            state.headElapsed = elapsed
            state.responseLength = body.length
        }
        if body.isReplayable {
            let prefix = try await BodyPrefix.read(body, upTo: limit)
            let length: Int64 = if case .known(let count) = body.length { count } else { Int64(prefix.count) }
            state.withLock { $0.responseBody = BodyCapture(limit: limit, prefix: prefix, length: length) }
            return body
        }
        state.withLock { $0.responseBody = BodyCapture(limit: limit) }
        return body.observed { [state] event in state.withLock { $0.responseBody?.record(event) } }
    }
}
