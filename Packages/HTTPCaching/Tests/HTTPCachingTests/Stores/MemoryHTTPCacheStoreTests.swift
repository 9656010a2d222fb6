import Foundation
import HTTPCaching
import HTTPClient
import Testing

struct MemoryHTTPCacheStoreTests {
    @Test func storesReplacesAndRemovesEntries() {
        let store = MemoryHTTPCacheStore()
        let key = StoreFixtures.key("a")

        store.store(StoreFixtures.entry(body: "1"), for: key)
        store.store(StoreFixtures.entry(body: "2"), for: key)
        #expect(store.entry(for: key)?.body == Data("2".utf8))
        #expect(store.count == 1)

        store.removeEntry(for: key)
        #expect(store.entry(for: key) == nil && store.byteCount == 0)
    }

    @Test func evictsTheLeastRecentlyUsedBeyondTheByteLimit() {
        let entrySize = StoreFixtures.entry(bytes: 1000).byteCount
        let store = MemoryHTTPCacheStore(byteLimit: entrySize * 3)
        for name in ["a", "b", "c"] { store.store(StoreFixtures.entry(bytes: 1000), for: StoreFixtures.key(name)) }
        _ = store.entry(for: StoreFixtures.key("a"))

        store.store(StoreFixtures.entry(bytes: 1000), for: StoreFixtures.key("d"))

        #expect(store.entry(for: StoreFixtures.key("b")) == nil)
        #expect(["a", "c", "d"].allSatisfy { store.entry(for: StoreFixtures.key($0)) != nil })
        #expect(store.byteCount <= store.byteLimit)
    }

    @Test func anEntryLargerThanTheLimitIsNotStored() {
        let store = MemoryHTTPCacheStore(byteLimit: 100)

        store.store(StoreFixtures.entry(bytes: 1000), for: StoreFixtures.key("a"))

        #expect(store.count == 0)
    }

    @Test func removesEveryEntryOfAResourceAndThenEverything() {
        let store = MemoryHTTPCacheStore()
        store.store(StoreFixtures.entry(), for: StoreFixtures.key("a", query: "page=1"))
        store.store(StoreFixtures.entry(), for: StoreFixtures.key("a", query: "page=2"))
        store.store(StoreFixtures.entry(), for: StoreFixtures.key("b"))

        store.removeEntries(forResource: "v1/a")
        #expect(store.count == 1)

        store.removeAll()
        #expect(store.count == 0 && store.byteCount == 0)
    }
}
