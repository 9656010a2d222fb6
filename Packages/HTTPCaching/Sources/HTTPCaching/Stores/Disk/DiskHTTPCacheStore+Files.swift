import Foundation

/// Listing the directory, and the sweep that keeps it within ``DiskHTTPCacheStore/byteLimit``.
extension DiskHTTPCacheStore {
    /// Removes the least recently used files until the rest fit in ``trimRatio`` of ``byteLimit``, and
    /// temporary files a crashed writer left behind.
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
        estimatedByteCount.withLock { $0 = total }
        removeAbandonedTemporaryFiles()
    }

    struct ListedFile {
        let path: String
        let size: Int
        /// Nanoseconds since 1970: every read renews it, so the oldest is the least recently used.
        let modified: Int64
    }

    func entryFiles() -> [ListedFile] {
        Self.listing(path, suffix: Self.entrySuffix)
    }

    private func removeAbandonedTemporaryFiles() {
        let cutoff = Int64(Date().addingTimeInterval(-600).timeIntervalSince1970 * 1e9)
        for file in Self.listing(path, prefix: EntryFile.temporaryPrefix) where file.modified < cutoff {
            EntryFile.remove(file.path)
        }
    }

    static func listing(_ path: String, prefix: String = "", suffix: String = "") -> [ListedFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
            let file = path + "/" + name
            return EntryFile.attributes(file).map { ListedFile(path: file, size: $0.size, modified: $0.modified) }
        }
    }
}
