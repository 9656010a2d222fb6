import Foundation
import HTTPClient

/// An ``HTTPCacheStore`` in a directory: one file per entry, shared safely by several processes.
///
/// - Each entry is a file named by a hash of its key and a slot number: a key keeps up to ``variantLimit``
///   variants (responses that named request fields in `Vary`), one per slot, and storing one more replaces the
///   key's least recently used variant. Files are in a versioned format with a checksum. A corrupt, truncated
///   or foreign file is a miss and is removed; a file for another key (a hash collision) is a miss.
/// - Writes go to a temporary file that is then renamed into place, so a reader in any process sees the old
///   entry or the new one, never part of one.
/// - When the files together exceed ``byteLimit``, the least recently used (by modification time, which every
///   read renews) are removed until they fit in 80 % of it.
/// - No entry may be larger than ``byteLimit``: a larger entry is not stored, and a larger file found in the
///   directory is a miss and is removed without being read (its size is checked first).
/// - The directory is created with mode 0700 if missing; entry files are 0600.
///
/// Reads and writes are synchronous and cheap (one small file each); call from any task or thread.
public final class DiskHTTPCacheStore: HTTPCacheStore {
    /// The most variants a key may keep, whatever a store is opened with.
    static let greatestVariantLimit = 32

    /// The default of ``byteLimit``: 50 MB.
    public static let defaultByteLimit = 50_000_000
    /// The variants one key keeps unless a store is opened with its own ``variantLimit``: 8.
    public static let defaultVariantLimit = 8

    /// The directory holding the entry files.
    public let directory: URL
    /// The most bytes the entry files may take together.
    public let byteLimit: Int
    /// The most variants one key keeps, each in its own file.
    public let variantLimit: Int
    /// The directory's entry files, this process's estimate of their size, and the sweep within ``byteLimit``.
    let entries: EntryDirectory

    /// Opens the store in `directory`, creating it (mode 0700) if missing.
    /// - Parameters:
    ///   - directory: The directory for the entry files; several processes may share it.
    ///   - byteLimit: The most bytes the entry files may take together; ``defaultByteLimit`` by default.
    /// - Throws: ``Error`` when the directory cannot be created or is not a directory.
    public init(directory: URL, byteLimit: Int = defaultByteLimit) throws {
        self.directory = directory
        self.byteLimit = byteLimit
        variantLimit = Self.defaultVariantLimit
        entries = try Self.open(directory, byteLimit: byteLimit)
    }

    /// Opens the store in `directory`, creating it (mode 0700) if missing.
    /// - Parameters:
    ///   - directory: The directory for the entry files; several processes may share it.
    ///   - byteLimit: The most bytes the entry files may take together; ``defaultByteLimit`` by default.
    ///   - variantLimit: The most variants one key keeps, from 1 to 32.
    /// - Throws: ``Error`` when the directory cannot be created or is not a directory.
    public init(directory: URL, byteLimit: Int = defaultByteLimit, variantLimit: Int) throws {
        self.directory = directory
        self.byteLimit = byteLimit
        self.variantLimit = min(max(1, variantLimit), Self.greatestVariantLimit)
        entries = try Self.open(directory, byteLimit: byteLimit)
    }

    /// Creates `directory` (mode 0700) if missing.
    /// - Returns: The directory's entry files, with the bytes they take.
    private static func open(_ directory: URL, byteLimit: Int) throws(Error) -> EntryDirectory {
        let path = directory.path
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw Error.cannotCreateDirectory(path: path, underlying: error)
            }
        } else if !isDirectory.boolValue {
            throw Error.notADirectory(path: path)
        }
        return EntryDirectory(path: path, byteLimit: byteLimit)
    }

    /// The variant of `key` received last, or `nil`; a hit counts as a use.
    public func entry(for key: HTTPCacheKey) -> HTTPCacheEntry? {
        entry(for: key) { _ in true }
    }

    /// The most recently received variant of `key` that `isMatch` accepts, or `nil`; only that variant's file
    /// counts as used.
    public func entry(for key: HTTPCacheKey, where isMatch: (HTTPCacheEntry) -> Bool) -> HTTPCacheEntry? {
        var best: (file: String, entry: HTTPCacheEntry)?
        for slot in slots(of: key).read() {
            guard case .entry(let entry, _) = slot.content, isMatch(entry) else { continue }
            if let current = best, current.entry.responseTime >= entry.responseTime { continue }
            best = (slot.file, entry)
        }
        if let best { EntryFile.markUsed(best.file) }
        return best?.entry
    }

    /// Stores `entry` under `key` in the file of its variant, else a free one, else the file of the key's least
    /// recently used variant; then evicts the least recently used entries beyond ``byteLimit``.
    public func store(_ entry: HTTPCacheEntry, for key: HTTPCacheKey) {
        let data = DiskEntryFormat.encode(entry, for: key)
        guard data.count <= byteLimit else {
            removeEntry(for: key, variant: entry.variant)
            return
        }
        let file = slots(of: key).file(forStoring: entry.variant)
        let replaced = EntryFile.size(file)
        guard EntryFile.replace(file, with: data, in: entries.path) else { return }
        entries.didWrite(size: data.count, replacing: replaced)
    }

    /// Removes every variant stored under `key`, whatever variant limit the process that stored it had.
    public func removeEntry(for key: HTTPCacheKey) {
        for file in slots(of: key, count: Self.greatestVariantLimit).files { entries.remove(file) }
    }

    /// Removes the variant of `key` stored for `variant`, if any.
    public func removeEntry(for key: HTTPCacheKey, variant: [String: String]) {
        for slot in slots(of: key).read() {
            if case .entry(let entry, _) = slot.content, entry.variant == variant { entries.remove(slot.file) }
        }
    }

    /// Removes every entry whose key names `resource`.
    public func removeEntries(forResource resource: String) {
        for file in entries.entryFiles() {
            guard let contents = EntryFile.contents(of: file.path, sizeLimit: byteLimit, markingUsed: false),
                let decoded = try? DiskEntryFormat.decode(contents.data), decoded.key.resource == resource
            else { continue }
            entries.remove(file)
        }
    }

    /// How many entries the directory holds and how many bytes their files take, measured now.
    public func usage() -> Usage {
        let files = entries.entryFiles()
        return Usage(entryCount: files.count, byteCount: files.reduce(0) { $0 + $1.size })
    }

    /// Removes every entry.
    public func removeAll() {
        entries.removeAll()
    }

    /// The slots of `key`'s variants: the first ``variantLimit`` of them unless `count` says otherwise.
    func slots(of key: HTTPCacheKey, count: Int? = nil) -> VariantSlots {
        VariantSlots(key: key, directory: entries.path, count: count ?? variantLimit, sizeLimit: byteLimit)
    }
}
