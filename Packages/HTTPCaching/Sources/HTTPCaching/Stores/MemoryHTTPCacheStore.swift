import HTTPClient
import HTTPClientSupport

/// An ``HTTPCacheStore`` in memory, for one process: fast, gone when the process ends.
///
/// Each key keeps up to ``variantLimit`` variants (responses that named request fields in `Vary`); storing one
/// more removes the key's least recently used variant. When the entries together exceed ``byteLimit``, the least
/// recently used are removed first.
public final class MemoryHTTPCacheStore: HTTPCacheStore {
    private struct Slot {
        var entry: HTTPCacheEntry
        var resource: String
        var lastUse: UInt64
    }

    private struct State {
        /// The variants of each key, by ``HTTPCacheKey/rawValue``.
        var slots: [String: [Slot]] = [:]
        var byteCount = 0
        var clock: UInt64 = 0

        mutating func tick() -> UInt64 {
            clock += 1
            return clock
        }

        mutating func remove(_ rawKey: String, where isRemoved: (Slot) -> Bool) {
            guard var variants = slots[rawKey] else { return }
            for slot in variants where isRemoved(slot) { byteCount -= slot.entry.byteCount }
            variants.removeAll(where: isRemoved)
            slots[rawKey] = variants.isEmpty ? nil : variants
        }
    }

    /// The most bytes the entries may take together (see ``HTTPCacheEntry/byteCount``).
    public let byteLimit: Int
    /// The most variants one key keeps.
    public let variantLimit: Int
    private let state = LockedValue(State())

    /// The default of ``byteLimit``: 10 MB.
    public static let defaultByteLimit = 10_000_000
    /// The variants one key keeps unless a store is made with its own ``variantLimit``: 8.
    public static let defaultVariantLimit = 8

    /// Creates an empty store that keeps up to ``defaultVariantLimit`` variants per key.
    /// - Parameter byteLimit: The most bytes the entries may take together; ``defaultByteLimit`` by default.
    public init(byteLimit: Int = defaultByteLimit) {
        self.byteLimit = byteLimit
        variantLimit = Self.defaultVariantLimit
    }

    /// Creates an empty store.
    /// - Parameters:
    ///   - byteLimit: The most bytes the entries may take together; ``defaultByteLimit`` by default.
    ///   - variantLimit: The most variants one key keeps (at least 1).
    public init(byteLimit: Int = defaultByteLimit, variantLimit: Int) {
        self.byteLimit = byteLimit
        self.variantLimit = max(1, variantLimit)
    }

    /// The number of stored entries, every variant counted.
    public var count: Int { state.withLock { $0.slots.values.reduce(0) { $0 + $1.count } } }

    /// The bytes the stored entries take together.
    public var byteCount: Int { state.withLock { $0.byteCount } }

    /// The variant of `key` stored last, or `nil`; a hit counts as a use.
    public func entry(for key: HTTPCacheKey) -> HTTPCacheEntry? {
        entry(for: key) { _ in true }
    }

    /// The most recently received variant of `key` that `isMatch` accepts, or `nil`; a hit counts as a use.
    public func entry(for key: HTTPCacheKey, where isMatch: (HTTPCacheEntry) -> Bool) -> HTTPCacheEntry? {
        state.withLock { state in
            guard var variants = state.slots[key.rawValue] else { return nil }
            let best = variants.indices.filter { isMatch(variants[$0].entry) }.max {
                variants[$0].entry.responseTime < variants[$1].entry.responseTime
            }
            guard let best else { return nil }
            variants[best].lastUse = state.tick()
            state.slots[key.rawValue] = variants
            return variants[best].entry
        }
    }

    /// Stores `entry` under `key`, replacing the variant with the same fingerprints, then evicts the key's least
    /// recently used variant beyond ``variantLimit`` and the least recently used entries beyond ``byteLimit``.
    public func store(_ entry: HTTPCacheEntry, for key: HTTPCacheKey) {
        let size = entry.byteCount
        state.withLock { state in
            state.remove(key.rawValue) { $0.entry.variant == entry.variant }
            guard size <= byteLimit else { return }
            var variants = state.slots[key.rawValue] ?? []
            while variants.count >= variantLimit,
                let oldest = variants.indices.min(by: {
                    variants[$0].lastUse < variants[$1].lastUse
                })
            {
                state.byteCount -= variants.remove(at: oldest).entry.byteCount
            }
            variants.append(Slot(entry: entry, resource: key.resource, lastUse: state.tick()))
            state.slots[key.rawValue] = variants
            state.byteCount += size
            guard state.byteCount > byteLimit else { return }
            let byAge = state.slots.flatMap { rawKey, slots in slots.map { (rawKey, $0) } }
                .sorted { $0.1.lastUse < $1.1.lastUse }
            for (rawKey, slot) in byAge {
                guard state.byteCount > byteLimit else { break }
                state.remove(rawKey) { $0.lastUse == slot.lastUse }
            }
        }
    }

    /// Removes every variant stored under `key`.
    public func removeEntry(for key: HTTPCacheKey) {
        state.withLock { $0.remove(key.rawValue) { _ in true } }
    }

    /// Removes the variant of `key` stored for `variant`, if any.
    public func removeEntry(for key: HTTPCacheKey, variant: [String: String]) {
        state.withLock { $0.remove(key.rawValue) { $0.entry.variant == variant } }
    }

    /// Removes every entry whose key names `resource`.
    public func removeEntries(forResource resource: String) {
        state.withLock { state in
            for (rawKey, variants) in state.slots where variants.first?.resource == resource {
                state.remove(rawKey) { _ in true }
            }
        }
    }

    /// Removes every entry.
    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
