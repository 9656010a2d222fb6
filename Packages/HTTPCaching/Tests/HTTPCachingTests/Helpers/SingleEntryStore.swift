import Foundation
import HTTPCaching
import HTTPClientSupport

/// A store implementing only the original five requirements.
final class SingleEntryStore: HTTPCacheStore {
    private let entries = LockedValue([HTTPCacheKey: HTTPCacheEntry]())

    func entry(for key: HTTPCacheKey) -> HTTPCacheEntry? { entries.withLock { $0[key] } }
    func store(_ entry: HTTPCacheEntry, for key: HTTPCacheKey) { entries.withLock { $0[key] = entry } }
    func removeEntry(for key: HTTPCacheKey) { entries.withLock { $0[key] = nil } }
    func removeEntries(forResource resource: String) {
        entries.withLock { $0 = $0.filter { $0.key.resource != resource } }
    }
    func removeAll() { entries.withLock { $0 = [:] } }
}
