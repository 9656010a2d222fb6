import Foundation

extension MemoryHTTPCacheStore {
    /// A writer that collects the body in memory and stores the entry on commit, or `nil` when the entry with a
    /// body of `bodyLength` bytes would be larger than ``byteLimit``.
    public func entryWriter(for key: HTTPCacheKey, entry: HTTPCacheEntry, bodyLength: Int64)
        -> (any HTTPCacheEntryWriter)?
    {
        var head = entry
        head.body = Data()
        guard bodyLength >= 0, bodyLength <= Int64(byteLimit - head.byteCount) else { return nil }
        return BufferedEntryWriter(store: self, key: key, entry: head, bodyLength: Int(bodyLength))
    }
}
