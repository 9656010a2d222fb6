import Foundation
import HTTPClient
import HTTPClientSupport

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
    /// Why a store could not be opened.
    public enum Error: Swift.Error, CustomStringConvertible {
        /// The directory did not exist and could not be created; `underlying` is the file system's error.
        case cannotCreateDirectory(path: String, underlying: any Swift.Error & Sendable)
        /// Something other than a directory is at the path.
        case notADirectory(path: String)

        /// A one-line description naming the path.
        public var description: String {
            switch self {
            case .cannotCreateDirectory(let path, let underlying):
                "Could not create the cache directory \(path) (\(underlying.localizedDescription))"
            case .notADirectory(let path): "The cache directory \(path) is not a directory"
            }
        }
    }

    /// The suffix of entry files.
    static let entrySuffix = ".entry"
    /// Evictions stop once the files fit in this share of ``byteLimit``.
    static let trimRatio = 0.8

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
    let path: String
    /// This process's estimate of the files' total size; every sweep measures it again.
    let estimatedByteCount: LockedValue<Int>

    /// Opens the store in `directory`, creating it (mode 0700) if missing.
    /// - Parameters:
    ///   - directory: The directory for the entry files; several processes may share it.
    ///   - byteLimit: The most bytes the entry files may take together; ``defaultByteLimit`` by default.
    /// - Throws: ``Error`` when the directory cannot be created or is not a directory.
    public init(directory: URL, byteLimit: Int = defaultByteLimit) throws {
        self.directory = directory
        self.byteLimit = byteLimit
        variantLimit = Self.defaultVariantLimit
        path = directory.path
        estimatedByteCount = LockedValue(try Self.open(directory))
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
        path = directory.path
        estimatedByteCount = LockedValue(try Self.open(directory))
    }

    /// Creates `directory` (mode 0700) if missing.
    /// - Returns: The bytes its entry files take.
    private static func open(_ directory: URL) throws(Error) -> Int {
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
        return listing(path, suffix: entrySuffix).reduce(0) { $0 + $1.size }
    }

    /// The variant of `key` received last, or `nil`; a hit counts as a use.
    public func entry(for key: HTTPCacheKey) -> HTTPCacheEntry? {
        entry(for: key) { _ in true }
    }

    /// The most recently received variant of `key` that `isMatch` accepts, or `nil`; only that variant's file
    /// counts as used.
    public func entry(for key: HTTPCacheKey, where isMatch: (HTTPCacheEntry) -> Bool) -> HTTPCacheEntry? {
        var best: (file: String, entry: HTTPCacheEntry)?
        for slot in slots(of: key, count: variantLimit) {
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
        let file = fileForStoring(entry, for: key)
        let replaced = EntryFile.size(file)
        guard EntryFile.replace(file, with: data, in: path) else { return }
        let estimate = estimatedByteCount.withLock { count in
            count += data.count - replaced
            return count
        }
        if estimate > byteLimit { sweep() }
    }

    /// Removes every variant stored under `key`, whatever variant limit the process that stored it had.
    public func removeEntry(for key: HTTPCacheKey) {
        for index in 0..<Self.greatestVariantLimit { remove(slotFile(of: key, index: index)) }
    }

    /// Removes the variant of `key` stored for `variant`, if any.
    public func removeEntry(for key: HTTPCacheKey, variant: [String: String]) {
        for slot in slots(of: key, count: variantLimit) {
            if case .entry(let entry, _) = slot.content, entry.variant == variant { remove(slot.file) }
        }
    }

    /// Removes every entry whose key names `resource`.
    public func removeEntries(forResource resource: String) {
        for file in entryFiles() {
            guard let contents = EntryFile.contents(of: file.path, sizeLimit: byteLimit, markingUsed: false),
                let decoded = try? DiskEntryFormat.decode(contents.data), decoded.key.resource == resource
            else { continue }
            EntryFile.remove(file.path)
            estimatedByteCount.withLock { $0 -= file.size }
        }
    }

    /// How many entries the directory holds and how many bytes their files take, measured now.
    public func usage() -> Usage {
        let files = entryFiles()
        return Usage(entryCount: files.count, byteCount: files.reduce(0) { $0 + $1.size })
    }

    /// Removes every entry.
    public func removeAll() {
        for file in entryFiles() { EntryFile.remove(file.path) }
        estimatedByteCount.withLock { $0 = 0 }
    }

    private func remove(_ file: String) {
        let size = EntryFile.size(file)
        guard size > 0 else { return }
        EntryFile.remove(file)
        estimatedByteCount.withLock { $0 -= size }
    }
}
