extension DiskHTTPCacheStore {
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
}
