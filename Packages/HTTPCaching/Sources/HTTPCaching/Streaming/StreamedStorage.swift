import Foundation
import HTTPClient
import HTTPClientSupport

/// Stores a streamed answer as its reader reads it: every chunk goes to an ``HTTPCacheEntryWriter``, which is
/// committed only when the reader returned normally after the whole body, of its announced length, went by;
/// an error while reading, an error from the reader, or an early stop discards it.
final class StreamedStorage: Sendable {
    private let writer: any HTTPCacheEntryWriter
    private let failed = LockedValue(false)

    init(_ writer: any HTTPCacheEntryWriter) {
        self.writer = writer
    }

    /// `body`, writing each chunk read to the store.
    func tapping(_ body: HTTPBody) -> HTTPBody {
        ObservedBody.body(body) { [writer] chunk in
            writer.write(chunk)
        } onFailure: { [failed] _ in
            failed.withLock { $0 = true }
        }
    }

    /// Runs `read` over the tapped `body`, then commits or discards as `read` ended.
    func reading<Result>(_ body: HTTPBody, _ read: (HTTPBody) async throws -> Result) async throws -> Result {
        let result: Result
        do {
            result = try await read(tapping(body))
        } catch {
            writer.discard()
            throw error
        }
        if failed.withLock({ $0 }) { writer.discard() } else { writer.commit() }
        return result
    }
}
