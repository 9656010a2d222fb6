import Foundation
import HTTPCaching
import HTTPClient
import Testing

struct DiskHTTPCacheStoreTests {
    @Test func anEntryReadsBackWholeInAnotherStoreOnTheSameDirectory() throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let entry = StoreFixtures.entry(body: "hello")
        try DiskHTTPCacheStore(directory: directory).store(entry, for: StoreFixtures.key("a", query: "q=1"))

        let read = try DiskHTTPCacheStore(directory: directory).entry(for: StoreFixtures.key("a", query: "q=1"))

        #expect(read == entry)
    }

    @Test func createsItsDirectory0700AndItsFiles0600() throws {
        let directory = StoreFixtures.directory().appendingPathComponent("nested")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let store = try DiskHTTPCacheStore(directory: directory)
        store.store(StoreFixtures.entry(), for: StoreFixtures.key("a"))

        let file = try #require(try StoreFixtures.entryFiles(in: directory).first)
        #expect(try permissions(of: directory) == 0o700)
        #expect(try permissions(of: file) == 0o600)
    }

    @Test func aFileInTheWayIsATypedError() throws {
        let file = StoreFixtures.directory()
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let error = #expect(throws: DiskHTTPCacheStore.Error.self) {
            try DiskHTTPCacheStore(directory: file)
        }
        guard case .notADirectory(let path) = error else {
            Issue.record("expected notADirectory, got \(String(describing: error))")
            return
        }
        #expect(path == file.path)
    }

    @Test func aDirectoryThatCannotBeCreatedKeepsTheFileSystemsError() throws {
        let file = StoreFixtures.directory()
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let directory = file.appendingPathComponent("cache")

        let error = #expect(throws: DiskHTTPCacheStore.Error.self) {
            try DiskHTTPCacheStore(directory: directory)
        }
        guard case .cannotCreateDirectory(let path, let underlying) = error else {
            Issue.record("expected cannotCreateDirectory, got \(String(describing: error))")
            return
        }
        #expect(path == directory.path)
        #expect((underlying as NSError).domain == NSCocoaErrorDomain)
        #expect(error?.description.hasSuffix("(\(underlying.localizedDescription))") == true)
    }

    @Test func aKeyWithNoFileIsAMiss() throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }

        #expect(try DiskHTTPCacheStore(directory: directory).entry(for: StoreFixtures.key("a")) == nil)
    }

    @Test func randomBytesAreAMissAndTheFileIsRemoved() throws {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 8, 40, 4096] {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try expectMissAndRemoval { _ in bytes }
        }
    }

    @Test func everyTruncationIsAMissAndTheFileIsRemoved() throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DiskHTTPCacheStore(directory: directory)
        let key = StoreFixtures.key("a")
        store.store(StoreFixtures.entry(), for: key)
        let file = try #require(try StoreFixtures.entryFiles(in: directory).first)
        let whole = try Data(contentsOf: file)

        for length in 0..<whole.count {
            try whole.prefix(length).write(to: file)
            #expect(store.entry(for: key) == nil, "\(length) of \(whole.count) bytes")
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func aFlippedByteOrAnotherVersionIsAMiss() throws {
        try expectMissAndRemoval { whole in
            var changed = whole
            changed[changed.count / 2] ^= 0x01
            return changed
        }
        try expectMissAndRemoval { whole in
            var changed = whole
            changed[7] = 2
            return changed
        }
    }

    @Test func evictsTheLeastRecentlyUsedBeyondTheByteLimit() throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileSize = try sizeOfOneEntryFile(bytes: 1000)
        let store = try DiskHTTPCacheStore(directory: directory, byteLimit: fileSize * 3)
        for name in ["a", "b", "c"] { store.store(StoreFixtures.entry(bytes: 1000), for: StoreFixtures.key(name)) }
        #expect(store.entry(for: StoreFixtures.key("a")) != nil)

        store.store(StoreFixtures.entry(bytes: 1000), for: StoreFixtures.key("d"))

        #expect(store.entry(for: StoreFixtures.key("b")) == nil)
        #expect(store.entry(for: StoreFixtures.key("a")) != nil && store.entry(for: StoreFixtures.key("d")) != nil)
        let files = try StoreFixtures.entryFiles(in: directory)
        #expect(files.count * fileSize <= store.byteLimit)
    }

    @Test func removesEveryEntryOfAResourceAndThenEverything() throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DiskHTTPCacheStore(directory: directory)
        store.store(StoreFixtures.entry(), for: StoreFixtures.key("a", query: "page=1"))
        store.store(StoreFixtures.entry(), for: StoreFixtures.key("a", query: "page=2"))
        store.store(StoreFixtures.entry(), for: StoreFixtures.key("b"))

        store.removeEntries(forResource: "v1/a")
        #expect(try StoreFixtures.entryFiles(in: directory).count == 1)
        #expect(store.entry(for: StoreFixtures.key("b")) != nil)

        store.removeAll()
        #expect(try StoreFixtures.entryFiles(in: directory).isEmpty)
    }

    /// Stores an entry, replaces its file's bytes with `damage(bytes)`, and expects a miss that removes the file.
    private func expectMissAndRemoval(
        _ damage: (Data) -> Data, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DiskHTTPCacheStore(directory: directory)
        let key = StoreFixtures.key("a")
        store.store(StoreFixtures.entry(), for: key)
        let file = try #require(try StoreFixtures.entryFiles(in: directory).first, sourceLocation: sourceLocation)
        try damage(try Data(contentsOf: file)).write(to: file)

        #expect(store.entry(for: key) == nil, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: file.path), sourceLocation: sourceLocation)
    }

    private func sizeOfOneEntryFile(bytes: Int) throws -> Int {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try DiskHTTPCacheStore(directory: directory).store(
            StoreFixtures.entry(bytes: bytes), for: StoreFixtures.key("x"))
        let file = try #require(try StoreFixtures.entryFiles(in: directory).first)
        return try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
    }

    private func permissions(of url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }
}
