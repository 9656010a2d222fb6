extension DiskHTTPCacheStore {
    /// What a store's directory holds: its entry files and their total size.
    public struct Usage: Equatable, Sendable {
        /// The number of entry files.
        public var entryCount: Int
        /// The bytes the entry files take together.
        public var byteCount: Int

        /// Creates a usage of `entryCount` files taking `byteCount` bytes.
        public init(entryCount: Int, byteCount: Int) {
            self.entryCount = entryCount
            self.byteCount = byteCount
        }
    }
}
