import Foundation
import Testing

@testable import HTTPCaching

/// The housekeeping of a disk cache directory: listing, the estimate, the sweep and abandoned temporary files.
struct EntryDirectoryTests {
    /// A new directory, created; `body` runs with its path.
    private static func withDirectory(_ body: (String) throws -> Void) throws {
        let directory = StoreFixtures.directory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory.path)
    }

    /// Writes `size` bytes to `name` in `directory`, last modified `secondsAgo` seconds ago.
    @discardableResult
    private static func file(
        _ name: String, in directory: String, size: Int, secondsAgo: TimeInterval = 0
    ) throws -> String {
        let path = directory + "/" + name
        try Data(repeating: 0x61, count: size).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-secondsAgo)], ofItemAtPath: path)
        return path
    }

    private static func names(in directory: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory))
    }

    @Test func listsOnlyEntryFilesAndStartsTheEstimateAtTheirBytes() throws {
        try Self.withDirectory { directory in
            try Self.file("a.entry", in: directory, size: 100)
            try Self.file("b-1.entry", in: directory, size: 20)
            try Self.file("notes.txt", in: directory, size: 7)
            try Self.file(EntryFile.temporaryPrefix + "x", in: directory, size: 9)

            let entries = EntryDirectory(path: directory, byteLimit: 1_000)

            #expect(Set(entries.entryFiles().map(\.path)) == [directory + "/a.entry", directory + "/b-1.entry"])
            #expect(entries.entryFiles().map(\.size).sorted() == [20, 100])
            #expect(entries.estimatedByteCount == 120)
        }
    }

    @Test func aWriteWithinTheLimitIsCountedAndSweepsNothing() throws {
        try Self.withDirectory { directory in
            try Self.file("a.entry", in: directory, size: 600, secondsAgo: 60)
            let entries = EntryDirectory(path: directory, byteLimit: 1_000)
            try Self.file("b.entry", in: directory, size: 500)

            entries.didWrite(size: 500, replacing: 100)

            #expect(entries.estimatedByteCount == 1_000)
            #expect(try Self.names(in: directory) == ["a.entry", "b.entry"])
        }
    }

    @Test func aWriteBeyondTheLimitRemovesTheLeastRecentlyUsedDownToTheTrimRatio() throws {
        try Self.withDirectory { directory in
            try Self.file("a.entry", in: directory, size: 300, secondsAgo: 400)
            try Self.file("b.entry", in: directory, size: 300, secondsAgo: 300)
            try Self.file("c.entry", in: directory, size: 300, secondsAgo: 200)
            let entries = EntryDirectory(path: directory, byteLimit: 1_000)
            try Self.file("d.entry", in: directory, size: 300)

            entries.didWrite(size: 300, replacing: 0)

            #expect(600 <= Int(1_000 * EntryDirectory.trimRatio), "two files fit, three do not")
            #expect(900 > Int(1_000 * EntryDirectory.trimRatio))
            #expect(try Self.names(in: directory) == ["c.entry", "d.entry"])
            #expect(entries.estimatedByteCount == 600)
        }
    }

    @Test func aSweepMeasuresTheFilesAgainAndKeepsThemWithinTheLimit() throws {
        try Self.withDirectory { directory in
            let entries = EntryDirectory(path: directory, byteLimit: 1_000)
            try Self.file("written-by-another-process.entry", in: directory, size: 400)

            entries.sweep()

            #expect(entries.estimatedByteCount == 400)
            #expect(try Self.names(in: directory) == ["written-by-another-process.entry"])
        }
    }

    @Test func aSweepRemovesOnlyAbandonedTemporaryFiles() throws {
        try Self.withDirectory { directory in
            let age = EntryDirectory.abandonedTemporaryFileAge
            try Self.file(EntryFile.temporaryPrefix + "old", in: directory, size: 10, secondsAgo: age + 60)
            try Self.file(EntryFile.temporaryPrefix + "young", in: directory, size: 10, secondsAgo: age - 60)
            try Self.file("old.txt", in: directory, size: 10, secondsAgo: age + 60)
            let entries = EntryDirectory(path: directory, byteLimit: 1_000)

            entries.sweep()

            #expect(try Self.names(in: directory) == [EntryFile.temporaryPrefix + "young", "old.txt"])
        }
    }

    @Test func removingAFileCountsItsBytesAsFreed() throws {
        try Self.withDirectory { directory in
            let a = try Self.file("a.entry", in: directory, size: 100)
            try Self.file("b.entry", in: directory, size: 30)
            let entries = EntryDirectory(path: directory, byteLimit: 1_000)

            entries.remove(a)
            entries.remove(directory + "/absent.entry")
            #expect(entries.estimatedByteCount == 30)

            entries.remove(try #require(entries.entryFiles().first))
            #expect(entries.estimatedByteCount == 0)
            #expect(try Self.names(in: directory).isEmpty)
        }
    }

    @Test func removingAllLeavesOtherFiles() throws {
        try Self.withDirectory { directory in
            try Self.file("a.entry", in: directory, size: 100)
            try Self.file("notes.txt", in: directory, size: 7)
            let entries = EntryDirectory(path: directory, byteLimit: 1_000)

            entries.removeAll()

            #expect(entries.estimatedByteCount == 0)
            #expect(try Self.names(in: directory) == ["notes.txt"])
        }
    }
}
