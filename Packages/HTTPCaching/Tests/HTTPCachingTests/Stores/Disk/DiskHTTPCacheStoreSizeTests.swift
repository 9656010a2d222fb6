import Foundation
import HTTPCaching
import HTTPClient
import Testing

/// Entry files are measured before they are read: one larger than the store's ``DiskHTTPCacheStore/byteLimit``
/// is a miss and is removed unread.
struct DiskHTTPCacheStoreSizeTests {
    @Test func aThreeGigabyteEntryFileIsAMissAndIsRemovedUnread() throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DiskHTTPCacheStore(directory: directory)
        let key = StoreFixtures.key("a")
        store.store(StoreFixtures.entry(), for: key)
        let file = try #require(try StoreFixtures.entryFiles(in: directory).first)
        try growSparsely(file, to: 3 << 30)

        #expect(store.entry(for: key) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aFileOverTheLimitOfTheStoreReadingItIsAMissEvenWhenAnotherStoreWroteIt() throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = StoreFixtures.key("a")
        try DiskHTTPCacheStore(directory: directory).store(StoreFixtures.entry(bytes: 10_000), for: key)
        let small = try DiskHTTPCacheStore(directory: directory, byteLimit: 5_000)

        #expect(small.entry(for: key) == nil)
        #expect(try StoreFixtures.entryFiles(in: directory).isEmpty)
    }

    @Test func removingAResourceSkipsAndRemovesAnOversizedFile() throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DiskHTTPCacheStore(directory: directory)
        store.store(StoreFixtures.entry(), for: StoreFixtures.key("a"))
        store.store(StoreFixtures.entry(), for: StoreFixtures.key("b"))
        let files = try StoreFixtures.entryFiles(in: directory)
        try growSparsely(try #require(files.first), to: 3 << 30)

        store.removeEntries(forResource: "v1/nothing")

        #expect(try StoreFixtures.entryFiles(in: directory).count == 1)
    }

    @Test func usageCountsTheEntryFilesAndTheirBytes() throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DiskHTTPCacheStore(directory: directory)
        #expect(store.usage() == DiskHTTPCacheStore.Usage(entryCount: 0, byteCount: 0))
        store.store(StoreFixtures.entry(bytes: 100), for: StoreFixtures.key("a"))
        store.store(StoreFixtures.entry(bytes: 200), for: StoreFixtures.key("b"))
        try Data("not an entry".utf8).write(to: directory.appendingPathComponent("notes.txt"))

        let sizes = try StoreFixtures.entryFiles(in: directory).map {
            try #require(try FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int)
        }
        #expect(store.usage() == DiskHTTPCacheStore.Usage(entryCount: 2, byteCount: sizes.reduce(0, +)))
    }

    /// Extends `file` to `size` bytes without writing them: the file is sparse and takes no disk space.
    private func growSparsely(_ file: URL, to size: UInt64) throws {
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.truncate(atOffset: size)
    }
}
