import Foundation
import HTTPClient

/// Where ``CachingHTTPClient`` keeps its entries: in memory, on disk, or anywhere else.
///
/// A store maps an ``HTTPCacheKey`` to the variants of one answer (entries told apart by
/// ``HTTPCacheEntry/variant``); every HTTP rule lives in the decorator. Stores are shared between tasks, so every
/// method must be safe to call concurrently. Failing to read is a miss and failing to write is ignored: a cache
/// never turns a good answer into an error.
///
/// A store that keeps one entry per key needs only the five original requirements: the variant-aware ones
/// have default implementations in terms of them, and so do the streaming ones, which then hold one body in
/// memory (up to 10 MB when storing).
public protocol HTTPCacheStore: Sendable {
    /// The entry stored under `key` (the one stored last when the store keeps several variants), or `nil`.
    /// Reading counts as a use for least-recently-used eviction.
    func entry(for key: HTTPCacheKey) -> HTTPCacheEntry?

    /// Stores `entry` under `key`, replacing the entry there with the same ``HTTPCacheEntry/variant`` (or, in a
    /// store that keeps one entry per key, any entry there), then evicts entries beyond the store's limits.
    func store(_ entry: HTTPCacheEntry, for key: HTTPCacheKey)

    /// Removes every entry stored under `key`, if any.
    func removeEntry(for key: HTTPCacheKey)

    /// Removes every entry whose key names `resource` (see ``HTTPCacheKey/resource``), whatever its query.
    func removeEntries(forResource resource: String)

    /// Removes every entry.
    func removeAll()

    /// The entry stored under `key` that `isMatch` accepts, the most recently received
    /// (``HTTPCacheEntry/responseTime``) when several do, or `nil`. Only the entry returned counts as a use.
    func entry(for key: HTTPCacheKey, where isMatch: (HTTPCacheEntry) -> Bool) -> HTTPCacheEntry?

    /// Removes the entry stored under `key` for `variant`, leaving the key's other variants.
    func removeEntry(for key: HTTPCacheKey, variant: [String: String])

    /// The entry ``entry(for:where:)`` would return, with an empty ``HTTPCacheEntry/body``: its body comes
    /// separately, to be read in chunks (from its file, in a store on disk). `isMatch` sees entries without their
    /// bodies.
    func streamedEntry(for key: HTTPCacheKey, where isMatch: (HTTPCacheEntry) -> Bool) -> (
        entry: HTTPCacheEntry, body: HTTPBody
    )?

    /// A writer that stores `entry` (whose ``HTTPCacheEntry/body`` is ignored) under `key` with a body of
    /// `bodyLength` bytes written in chunks, or `nil` when the store would not keep a body that large.
    func entryWriter(for key: HTTPCacheKey, entry: HTTPCacheEntry, bodyLength: Int64) -> (any HTTPCacheEntryWriter)?
}

extension HTTPCacheStore {
    /// The entry ``entry(for:)`` returns, if `isMatch` accepts it.
    public func entry(for key: HTTPCacheKey, where isMatch: (HTTPCacheEntry) -> Bool) -> HTTPCacheEntry? {
        entry(for: key).flatMap { isMatch($0) ? $0 : nil }
    }

    /// The entry ``entry(for:where:)`` returns, its body handed over in memory.
    public func streamedEntry(for key: HTTPCacheKey, where isMatch: (HTTPCacheEntry) -> Bool) -> (
        entry: HTTPCacheEntry, body: HTTPBody
    )? {
        guard var entry = entry(for: key, where: isMatch) else { return nil }
        let body = HTTPBody(entry.body)
        entry.body = Data()
        return (entry, body)
    }

    /// A writer that collects a body of up to 10 MB in memory and stores the whole entry on commit.
    public func entryWriter(for key: HTTPCacheKey, entry: HTTPCacheEntry, bodyLength: Int64)
        -> (any HTTPCacheEntryWriter)?
    {
        guard bodyLength >= 0, bodyLength <= BufferedEntryWriter.bodyLimit else { return nil }
        return BufferedEntryWriter(store: self, key: key, entry: entry, bodyLength: Int(bodyLength))
    }

    /// Removes the entry under `key` if it is the one for `variant`.
    public func removeEntry(for key: HTTPCacheKey, variant: [String: String]) {
        if entry(for: key)?.variant == variant { removeEntry(for: key) }
    }
}
