import Foundation
import HTTPClient
import HTTPClientSupport

/// Watches a body as its reader reads it, keeping the first bytes for the archive: the recorder never reads a
/// body itself, so a single-pass body still reaches its reader whole.
final class BodyCapture: Sendable {
    private let state: LockedValue<RecordedBody>
    private let limit: Int

    /// Starts watching a body that declares `length`, keeping up to `limit` bytes.
    init(length: HTTPBodyLength, limit: Int = RecordedBody.textLimit) {
        state = LockedValue(RecordedBody(prefix: Data(), byteCount: 0, length: length, ended: false))
        self.limit = limit
    }

    /// `body`, with the same length, passing each chunk through this capture on its way to the reader.
    static func tapping(_ body: HTTPBody) -> (body: HTTPBody, capture: BodyCapture) {
        let capture = BodyCapture(length: body.length)
        let tapped = body.observed { event in
            switch event {
            case .waiting: break
            case .chunk(let chunk): capture.saw(chunk)
            case .end: capture.ended()
            case .failure(let error): capture.failed(error)
            }
        }
        return (tapped, capture)
    }

    /// What passed so far.
    var recorded: RecordedBody {
        state.withLock { $0 }
    }

    private func saw(_ chunk: Data) {
        state.withLock { seen in
            seen.byteCount += Int64(chunk.count)
            let room = limit - seen.prefix.count
            if room > 0 { seen.prefix.append(chunk.prefix(room)) }
        }
    }

    private func ended() {
        state.withLock { $0.ended = true }
    }

    private func failed(_ error: any Error) {
        state.withLock { $0.failure = String(describing: error) }
    }
}
