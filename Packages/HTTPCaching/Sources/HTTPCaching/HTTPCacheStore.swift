/// Where ``CachingHTTPClient`` keeps its entries: in memory, on disk, or anywhere else.
///
/// A store is a plain map from ``HTTPCacheKey`` to ``HTTPCacheEntry``; every HTTP rule lives in the decorator.
/// Stores are shared between tasks, so every method must be safe to call concurrently. Failing to read is a
/// miss and failing to write is ignored: a cache never turns a good answer into an error.
public protocol HTTPCacheStore: Sendable {
    /// The entry stored under `key`, or `nil`. Reading counts as a use for least-recently-used eviction.
    func entry(for key: HTTPCacheKey) -> HTTPCacheEntry?

    /// Stores `entry` under `key`, replacing any entry there, then evicts entries beyond the byte limit.
    func store(_ entry: HTTPCacheEntry, for key: HTTPCacheKey)

    /// Removes the entry stored under `key`, if any.
    func removeEntry(for key: HTTPCacheKey)

    /// Removes every entry whose key names `resource` (see ``HTTPCacheKey/resource``), whatever its query.
    func removeEntries(forResource resource: String)

    /// Removes every entry.
    func removeAll()
}
