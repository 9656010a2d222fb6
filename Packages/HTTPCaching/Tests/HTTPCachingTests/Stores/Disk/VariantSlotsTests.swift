import Foundation
import Testing

@testable import HTTPCaching

/// The slots of one key: their file names, what reading them finds, and the file an entry is stored into.
struct VariantSlotsTests {
    private static func entry(_ language: String) -> HTTPCacheEntry {
        var entry = StoreFixtures.entry(body: language)
        entry.variant = ["accept-language": language]
        return entry
    }

    /// Slots of `key` with `count` slots in a new directory, created; `body` runs with them and the directory.
    private static func withSlots(
        of key: HTTPCacheKey = StoreFixtures.key("a"), count: Int = 3, sizeLimit: Int = 1_000_000,
        _ body: (VariantSlots, URL) throws -> Void
    ) throws {
        let directory = StoreFixtures.directory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(VariantSlots(key: key, directory: directory.path, count: count, sizeLimit: sizeLimit), directory)
    }

    private static func write(_ entry: HTTPCacheEntry, for key: HTTPCacheKey, to file: String) throws {
        let directory = (file as NSString).deletingLastPathComponent
        try #require(EntryFile.replace(file, with: DiskEntryFormat.encode(entry, for: key), in: directory))
    }

    private static func slot(_ file: String, _ content: VariantSlots.Content) -> VariantSlots.Slot {
        VariantSlots.Slot(file: file, content: content)
    }

    @Test func slotZeroIsTheHashAndSlotNAddsItsNumber() throws {
        try Self.withSlots { slots, directory in
            let hash = FNV1a.hex(FNV1a.hash(StoreFixtures.key("a").rawValue))

            #expect(
                slots.files == [0, 1, 2].map { directory.path + "/" + hash + ($0 == 0 ? "" : "-\($0)") + ".entry" })
            #expect(slots.file(at: 7) == directory.path + "/" + hash + "-7.entry")
        }
    }

    @Test func anotherKeyHasOtherFiles() throws {
        try Self.withSlots { slots, directory in
            let other = VariantSlots(key: StoreFixtures.key("b"), directory: directory.path, count: 3, sizeLimit: 10)

            #expect(Set(slots.files).isDisjoint(with: other.files))
        }
    }

    @Test func readingFindsEntriesEmptySlotsAndOtherKeysWithoutMarkingThemUsed() throws {
        try Self.withSlots { slots, _ in
            try Self.write(Self.entry("en"), for: slots.key, to: slots.file(at: 0))
            try Self.write(Self.entry("de"), for: StoreFixtures.key("b"), to: slots.file(at: 2))
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: slots.file(at: 0))

            let read = slots.read()

            #expect(read.map(\.file) == slots.files)
            guard case .entry(let entry, let modified) = read[0].content else {
                Issue.record("slot 0 holds no entry: \(read[0].content)")
                return
            }
            #expect(entry == Self.entry("en"))
            #expect(modified == 1_000_000_000_000, "read without counting as a use")
            guard case .empty = read[1].content else {
                Issue.record("slot 1 holds \(read[1].content), not nothing")
                return
            }
            guard case .otherKey = read[2].content else {
                Issue.record("slot 2 does not hold another key's entry")
                return
            }
        }
    }

    @Test func readingRemovesADamagedFileAndFindsItEmpty() throws {
        try Self.withSlots { slots, _ in
            try Data("not an entry".utf8).write(to: URL(fileURLWithPath: slots.file(at: 1)))

            let read = slots.read()

            guard case .empty = read[1].content else {
                Issue.record("the damaged file reads as \(read[1].content)")
                return
            }
            #expect(!FileManager.default.fileExists(atPath: slots.file(at: 1)))
        }
    }

    @Test func readingRemovesAFileOverTheSizeLimitAndFindsItEmpty() throws {
        try Self.withSlots(sizeLimit: 100) { slots, _ in
            try Self.write(StoreFixtures.entry(bytes: 500), for: slots.key, to: slots.file(at: 0))

            guard case .empty = slots.read()[0].content else {
                Issue.record("a file over the size limit reads as something")
                return
            }
            #expect(!FileManager.default.fileExists(atPath: slots.file(at: 0)))
        }
    }

    @Test func openingFindsWhatReadingFindsWithTheFileOpen() throws {
        try Self.withSlots { slots, _ in
            try Self.write(Self.entry("en"), for: slots.key, to: slots.file(at: 1))
            try Self.write(Self.entry("de"), for: StoreFixtures.key("b"), to: slots.file(at: 2))
            try Data("not an entry".utf8).write(to: URL(fileURLWithPath: slots.file(at: 0)))

            let opened = slots.opened()

            #expect(opened.map(\.file) == slots.files)
            #expect(opened[0].opened == nil && !FileManager.default.fileExists(atPath: slots.file(at: 0)))
            #expect(opened[1].opened?.head.entry.variant == ["accept-language": "en"])
            #expect(opened[1].opened?.file.path == slots.file(at: 1))
            guard case .otherKey = opened[2].content else {
                Issue.record("slot 2 does not hold another key's entry")
                return
            }
            #expect(opened[2].opened == nil)
        }
    }

    @Test func storingPrefersTheSlotOfTheSameVariant() {
        let slots = [
            Self.slot("a", .empty), Self.slot("b", .entry(Self.entry("de"), modified: 1)),
            Self.slot("c", .entry(Self.entry("en"), modified: 9)),
        ]

        #expect(VariantSlots.file(forStoring: ["accept-language": "en"], among: slots) == "c")
    }

    @Test func storingANewVariantTakesTheFirstEmptySlot() {
        let slots = [
            Self.slot("a", .entry(Self.entry("de"), modified: 1)), Self.slot("b", .empty), Self.slot("c", .empty),
        ]

        #expect(VariantSlots.file(forStoring: ["accept-language": "en"], among: slots) == "b")
    }

    @Test func storingIntoFullSlotsTakesTheLeastRecentlyUsedAndAnotherKeysFileFirst() {
        let full = [
            Self.slot("a", .entry(Self.entry("de"), modified: 5)),
            Self.slot("b", .entry(Self.entry("fr"), modified: 2)),
            Self.slot("c", .entry(Self.entry("it"), modified: 7)),
        ]
        let withOtherKey = full + [Self.slot("d", .otherKey)]

        #expect(VariantSlots.file(forStoring: ["accept-language": "en"], among: full) == "b")
        #expect(VariantSlots.file(forStoring: ["accept-language": "en"], among: withOtherKey) == "d")
        #expect(VariantSlots.file(forStoring: ["accept-language": "en"], among: []) == nil)
    }

    @Test func storingChoosesAmongTheFilesOnDisk() throws {
        try Self.withSlots(count: 2) { slots, _ in
            try Self.write(Self.entry("en"), for: slots.key, to: slots.file(at: 0))
            try Self.write(Self.entry("de"), for: slots.key, to: slots.file(at: 1))
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: slots.file(at: 1))

            #expect(slots.file(forStoring: ["accept-language": "en"]) == slots.file(at: 0))
            #expect(slots.file(forStoring: ["accept-language": "fr"]) == slots.file(at: 1))
        }
    }
}
