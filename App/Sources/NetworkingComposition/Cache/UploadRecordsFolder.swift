import Foundation

/// Where `files upload` keeps the records of interrupted resumable uploads: `uploads/` in the cache directory,
/// one subfolder per Files API base URL (named as ``ResponseCache`` names its own), one record per file,
/// endpoint and protocol in it. `cache info` and `cache clear` leave it alone.
package struct UploadRecordsFolder: Sendable {
    /// The folder's name in the cache directory; no response store has it (theirs are percent-encoded URLs).
    package static let name = "uploads"

    /// The cache directory, or why there is none.
    package let location: Result<CacheLocation, CacheUnavailable>
    /// The Files API's base URL.
    package let baseURL: URL

    /// The records folder of `baseURL`, inside `location`'s directory.
    package static func folder(in location: CacheLocation, for baseURL: URL) -> URL {
        location.directory.appendingPathComponent(name, isDirectory: true)
            .appendingPathComponent(ResponseCache.directoryName(for: baseURL.absoluteString), isDirectory: true)
    }

    /// Creates the folder where it is missing (mode 0700, as the cache directory) and returns it.
    /// - Throws: ``CacheUnavailable`` when the cache directory cannot be used.
    package func prepare() throws(CacheUnavailable) -> URL {
        let location = try location.get()
        let folder = Self.folder(in: location, for: baseURL)
        try location.prepare(folder)
        return folder
    }
}
