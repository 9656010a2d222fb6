import Foundation
import HTTPCaching
import QuestionsFeatureAPI

/// What the response cache's directory holds: one store per base URL, each with its entries and its
/// Stack Exchange backoff deadlines. Only entry and deadline files are ever counted or removed.
package struct CacheInventory {
    /// One base URL's subdirectory.
    package struct Store {
        /// The base URL it caches, decoded from the subdirectory's name.
        package let name: String
        /// The subdirectory.
        package let directory: URL
        /// Its entries' count and bytes.
        package let usage: DiskHTTPCacheStore.Usage
        /// The deadline files (`backoff-<method>`).
        package let backoffFiles: [URL]
    }

    /// The stores, by name.
    package let stores: [Store]

    /// The entries of every store.
    package var entryCount: Int { stores.reduce(0) { $0 + $1.usage.entryCount } }
    /// The bytes of every store's entries.
    package var byteCount: Int { stores.reduce(0) { $0 + $1.usage.byteCount } }
    /// The backoff deadlines of every store.
    package var backoffCount: Int { stores.reduce(0) { $0 + $1.backoffFiles.count } }

    /// Lists the stores under `directory`; none when it does not exist.
    package init(directory: URL) {
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
        stores = names.sorted().compactMap { name in
            guard name != UploadRecordsFolder.name else { return nil }  // upload records, not a response store
            let subdirectory = directory.appendingPathComponent(name, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: subdirectory.path, isDirectory: &isDirectory), isDirectory.boolValue,
                let store = try? DiskHTTPCacheStore(directory: subdirectory)
            else { return nil }
            let files = (try? fileManager.contentsOfDirectory(atPath: subdirectory.path)) ?? []
            let backoff = files.filter { $0.hasPrefix(StackExchangeBackoff.filePrefix) }.sorted()
                .map { subdirectory.appendingPathComponent($0) }
            return Store(
                name: name.removingPercentEncoding ?? name, directory: subdirectory, usage: store.usage(),
                backoffFiles: backoff)
        }
    }

    /// Removes every entry and deadline, then each subdirectory left empty.
    package func removeAll() {
        for store in stores {
            (try? DiskHTTPCacheStore(directory: store.directory))?.removeAll()
            for file in store.backoffFiles { try? FileManager.default.removeItem(at: file) }
            rmdir(store.directory.path)
        }
    }
}
