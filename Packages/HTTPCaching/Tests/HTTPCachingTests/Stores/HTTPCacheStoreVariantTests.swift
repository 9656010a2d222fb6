import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientSupport
import Testing

/// Both stores keep several variants per key, bounded, least recently used first out.
struct HTTPCacheStoreVariantTests {
    private static func entry(_ language: String, at seconds: Double = 0) -> HTTPCacheEntry {
        HTTPCacheEntry(
            statusCode: 200, headers: ["Vary": "Accept-Language"], body: Data(language.utf8),
            responseTime: Date(timeIntervalSince1970: 784_111_777 + seconds), freshnessLifetime: 60,
            variant: ["accept-language": language])
    }

    private static func body(_ store: any HTTPCacheStore, _ language: String) -> String? {
        store.entry(for: StoreFixtures.key("a")) { $0.variant["accept-language"] == language }
            .map { String(decoding: $0.body, as: UTF8.self) }
    }

    /// Runs `check` on a memory store and on a disk store, each keeping `variantLimit` variants per key.
    private static func withStores(variantLimit: Int, _ check: (any HTTPCacheStore) throws -> Void) throws {
        try check(MemoryHTTPCacheStore(variantLimit: variantLimit))
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try check(DiskHTTPCacheStore(directory: directory, variantLimit: variantLimit))
    }

    @Test func keepsOneEntryPerVariantAndReplacesTheSameVariant() throws {
        try Self.withStores(variantLimit: 8) { store in
            store.store(Self.entry("en"), for: StoreFixtures.key("a"))
            store.store(Self.entry("de"), for: StoreFixtures.key("a"))
            var replacement = Self.entry("en", at: 1)
            replacement.body = Data("en2".utf8)
            store.store(replacement, for: StoreFixtures.key("a"))

            #expect(Self.body(store, "en") == "en2")
            #expect(Self.body(store, "de") == "de")
            #expect(store.entry(for: StoreFixtures.key("a"))?.body == Data("en2".utf8), "the latest received")
        }
    }

    @Test func evictsTheLeastRecentlyUsedVariantBeyondTheLimit() throws {
        try Self.withStores(variantLimit: 2) { store in
            store.store(Self.entry("en"), for: StoreFixtures.key("a"))
            store.store(Self.entry("de"), for: StoreFixtures.key("a"))
            #expect(Self.body(store, "en") == "en")

            store.store(Self.entry("fr"), for: StoreFixtures.key("a"))

            #expect(Self.body(store, "de") == nil)
            #expect(Self.body(store, "en") == "en" && Self.body(store, "fr") == "fr")
        }
    }

    @Test func removesOneVariantOrAll() throws {
        try Self.withStores(variantLimit: 8) { store in
            for language in ["en", "de", "fr"] { store.store(Self.entry(language), for: StoreFixtures.key("a")) }

            store.removeEntry(for: StoreFixtures.key("a"), variant: ["accept-language": "de"])
            #expect(Self.body(store, "de") == nil && Self.body(store, "en") == "en")

            store.removeEntry(for: StoreFixtures.key("a"))
            #expect(store.entry(for: StoreFixtures.key("a")) == nil)
        }
    }

    @Test func diskVariantsAreOneFileEachAndReadBackInAnotherStore() throws {
        let directory = StoreFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = try DiskHTTPCacheStore(directory: directory, variantLimit: 3)
        for language in ["en", "de", "fr", "it"] { writer.store(Self.entry(language), for: StoreFixtures.key("a")) }

        let reader = try DiskHTTPCacheStore(directory: directory)

        #expect(try StoreFixtures.entryFiles(in: directory).count == 3)
        #expect(Self.body(reader, "en") == nil)
        #expect(["de", "fr", "it"].allSatisfy { Self.body(reader, $0) == $0 })
        reader.removeEntries(forResource: "v1/a")
        #expect(try StoreFixtures.entryFiles(in: directory).isEmpty)
    }

    /// A store keeping one entry per key gets the variant requirements from the protocol's defaults.
    @Test func aSingleEntryStoreWorksThroughTheDefaults() {
        let store = SingleEntryStore()
        store.store(Self.entry("en"), for: StoreFixtures.key("a"))

        #expect(Self.body(store, "en") == "en" && Self.body(store, "de") == nil)
        store.removeEntry(for: StoreFixtures.key("a"), variant: ["accept-language": "de"])
        #expect(Self.body(store, "en") == "en")
        store.removeEntry(for: StoreFixtures.key("a"), variant: ["accept-language": "en"])
        #expect(Self.body(store, "en") == nil)
    }
}
