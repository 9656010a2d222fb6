import Foundation
import HTTPClient

/// A streamed response body whose every wait for a chunk a ``StreamWatchdog`` bounds by its idle time.
///
/// When the time runs out, the transfer is cancelled and the read throws `HTTPTransportError.timedOut` with the
/// watchdog's ``TimeoutError``, in place of whatever the cancelled transfer threw.
struct WatchedBody: AsyncSequence, Sendable {
    typealias Element = Data

    let base: HTTPBody
    let watchdog: StreamWatchdog

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        let watchdog: StreamWatchdog

        mutating func next() async throws -> Data? {
            let wait = watchdog.awaitChunk()
            let chunk: Data?
            do {
                chunk = try await base.next()
            } catch {
                watchdog.chunkArrived(wait)
                throw watchdog.expired.map { HTTPTransportError.timedOut(underlying: $0) } ?? error
            }
            watchdog.chunkArrived(wait)
            if let expired = watchdog.expired { throw HTTPTransportError.timedOut(underlying: expired) }
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), watchdog: watchdog)
    }
}

extension HTTPBody {
    /// This body with its waits for chunks bounded by `watchdog`; a replayable body is already whole, so it is
    /// handed on as it is.
    func watched(by watchdog: StreamWatchdog) -> HTTPBody {
        isReplayable ? self : HTTPBody(WatchedBody(base: self, watchdog: watchdog), length: length)
    }
}
