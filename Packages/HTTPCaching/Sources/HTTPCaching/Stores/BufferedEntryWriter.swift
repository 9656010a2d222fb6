import Foundation
import HTTPClientSupport

/// An ``HTTPCacheEntryWriter`` that collects the body in memory, up to its announced length, and stores the whole
/// entry with ``HTTPCacheStore/store(_:for:)`` on commit.
final class BufferedEntryWriter: HTTPCacheEntryWriter {
    /// The longest body it collects: 10 MB.
    static let bodyLimit = 10_000_000

    private struct State {
        var body = Data()
        var failed = false
        var finished = false
    }

    private let store: any HTTPCacheStore
    private let key: HTTPCacheKey
    private let entry: HTTPCacheEntry
    private let bodyLength: Int
    private let state = LockedValue(State())

    init(store: any HTTPCacheStore, key: HTTPCacheKey, entry: HTTPCacheEntry, bodyLength: Int) {
        self.store = store
        self.key = key
        self.entry = entry
        self.bodyLength = bodyLength
    }

    func write(_ chunk: Data) {
        state.withLock { state in
            guard !state.failed, !state.finished else { return }
            guard chunk.count <= bodyLength - state.body.count else {
                state.failed = true
                state.body = Data()
                return
            }
            if state.body.isEmpty { state.body.reserveCapacity(bodyLength) }
            state.body.append(chunk)
        }
    }

    @discardableResult
    func commit() -> Bool {
        let body: Data? = state.withLock { state in
            defer { state = State(failed: state.failed, finished: true) }
            guard !state.failed, !state.finished, state.body.count == bodyLength else { return nil }
            return state.body
        }
        guard let body else { return false }
        var complete = entry
        complete.body = body
        store.store(complete, for: key)
        return true
    }

    func discard() {
        state.withLock { $0 = State(failed: $0.failed, finished: true) }
    }
}
