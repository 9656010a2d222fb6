import Foundation
import HTTPClientSupport

/// The housekeeping of a disk cache directory: listing its entry files, this process's estimate of the bytes they
/// take, and the sweep that removes the least recently used ones beyond a byte limit and the temporary files a
/// crashed writer left behind.
///
/// Several processes may share the directory: the estimate counts what this process wrote and removed, and every
/// sweep measures the files again.
struct EntryDirectory: Sendable {
    /// One file of the directory, as listed.
    struct ListedFile: Sendable {
        let path: String
        let size: Int
        /// Nanoseconds since 1970: every read renews it, so the oldest is the least recently used.
        let modified: Int64
    }

    /// A sweep stops removing entry files once they fit in this share of ``byteLimit``.
    static let trimRatio = 0.8
    /// How long a temporary file may go unmodified, 600 seconds, before a sweep takes it for abandoned.
    static let abandonedTemporaryFileAge: TimeInterval = 600

    /// The directory's path.
    let path: String
    /// The most bytes the entry files may take together.
    let byteLimit: Int
    private let estimate: LockedValue<Int>

    /// Lists the existing directory at `path` and starts the estimate at the bytes its entry files take.
    init(path: String, byteLimit: Int) {
        self.path = path
        self.byteLimit = byteLimit
        estimate = LockedValue(Self.listing(path, suffix: EntryFile.entrySuffix).reduce(0) { $0 + $1.size })
    }

    /// This process's estimate of the bytes the entry files take.
    var estimatedByteCount: Int {
        estimate.withLock { $0 }
    }

    /// The entry files, measured now.
    func entryFiles() -> [ListedFile] {
        Self.listing(path, suffix: EntryFile.entrySuffix)
    }

    /// Counts a file of `size` bytes written over one of `replaced` bytes (0 for none), and sweeps when the
    /// estimate then exceeds ``byteLimit``.
    func didWrite(size: Int, replacing replaced: Int) {
        let total = estimate.withLock { count in
            count += size - replaced
            return count
        }
        if total > byteLimit { sweep() }
    }

    /// Removes the entry file at `file`, if any, and counts its bytes as freed.
    func remove(_ file: String) {
        let size = EntryFile.size(file)
        guard size > 0 else { return }
        EntryFile.remove(file)
        estimate.withLock { $0 -= size }
    }

    /// Removes the listed entry file `file` and counts its listed size as freed.
    func remove(_ file: ListedFile) {
        EntryFile.remove(file.path)
        estimate.withLock { $0 -= file.size }
    }

    /// Removes every entry file.
    func removeAll() {
        for file in entryFiles() { EntryFile.remove(file.path) }
        estimate.withLock { $0 = 0 }
    }

    /// Removes the least recently used entry files until the rest fit in ``trimRatio`` of ``byteLimit`` (when they
    /// exceed it), and temporary files older than ``abandonedTemporaryFileAge``; the estimate becomes the bytes
    /// measured.
    func sweep() {
        var files = entryFiles().sorted { $0.modified < $1.modified }
        var total = files.reduce(0) { $0 + $1.size }
        if total > byteLimit {
            let target = Int(Double(byteLimit) * Self.trimRatio)
            while total > target, !files.isEmpty {
                let oldest = files.removeFirst()
                EntryFile.remove(oldest.path)
                total -= oldest.size
            }
        }
        estimate.withLock { $0 = total }
        removeAbandonedTemporaryFiles()
    }

    private func removeAbandonedTemporaryFiles() {
        let cutoff = Int64(Date().addingTimeInterval(-Self.abandonedTemporaryFileAge).timeIntervalSince1970 * 1e9)
        for file in Self.listing(path, prefix: EntryFile.temporaryPrefix) where file.modified < cutoff {
            EntryFile.remove(file.path)
        }
    }

    private static func listing(_ path: String, prefix: String = "", suffix: String = "") -> [ListedFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
            let file = path + "/" + name
            return EntryFile.attributes(file).map { ListedFile(path: file, size: $0.size, modified: $0.modified) }
        }
    }
}
