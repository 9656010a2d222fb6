import HTTPClient

/// An ``HTTPCacheStore`` in memory, for one process: fast, gone when the process ends.
///
/// When the entries together exceed ``byteLimit``, the least recently used are removed first.
public final class MemoryHTTPCacheStore: HTTPCacheStore {
    private struct Slot {
        var entry: HTTPCacheEntry
        var resource: String
        var lastUse: UInt64
    }

    private struct State {
        var slots: [String: Slot] = [:]
        var byteCount = 0
        var clock: UInt64 = 0
    }

    /// The most bytes the entries may take together (see ``HTTPCacheEntry/byteCount``).
    public let byteLimit: Int
    private let state = LockedValue(State())

    /// Creates an empty store.
    /// - Parameter byteLimit: The most bytes the entries may take together; 10 MB by default.
    public init(byteLimit: Int = 10_000_000) {
        self.byteLimit = byteLimit
    }

    /// The number of stored entries.
    public var count: Int { state.withLock { $0.slots.count } }

    /// The bytes the stored entries take together.
    public var byteCount: Int { state.withLock { $0.byteCount } }

    /// The entry stored under `key`, or `nil`; a hit counts as a use.
    public func entry(for key: HTTPCacheKey) -> HTTPCacheEntry? {
        state.withLock { state in
            guard var slot = state.slots[key.rawValue] else { return nil }
            state.clock += 1
            slot.lastUse = state.clock
            state.slots[key.rawValue] = slot
            return slot.entry
        }
    }

    /// Stores `entry` under `key`, then evicts the least recently used entries beyond ``byteLimit``.
    public func store(_ entry: HTTPCacheEntry, for key: HTTPCacheKey) {
        let size = entry.byteCount
        state.withLock { state in
            if let old = state.slots.removeValue(forKey: key.rawValue) { state.byteCount -= old.entry.byteCount }
            guard size <= byteLimit else { return }
            state.clock += 1
            state.slots[key.rawValue] = Slot(entry: entry, resource: key.resource, lastUse: state.clock)
            state.byteCount += size
            guard state.byteCount > byteLimit else { return }
            for (rawKey, slot) in state.slots.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard state.byteCount > byteLimit else { break }
                state.slots[rawKey] = nil
                state.byteCount -= slot.entry.byteCount
            }
        }
    }

    /// Removes the entry stored under `key`, if any.
    public func removeEntry(for key: HTTPCacheKey) {
        state.withLock { state in
            if let old = state.slots.removeValue(forKey: key.rawValue) { state.byteCount -= old.entry.byteCount }
        }
    }

    /// Removes every entry whose key names `resource`.
    public func removeEntries(forResource resource: String) {
        state.withLock { state in
            for (rawKey, slot) in state.slots where slot.resource == resource {
                state.slots[rawKey] = nil
                state.byteCount -= slot.entry.byteCount
            }
        }
    }

    /// Removes every entry.
    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
