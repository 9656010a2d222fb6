import Foundation

/// Writes one entry whose body arrives in chunks, as ``CachingHTTPClient`` streams a response to its caller.
///
/// Nothing is stored until ``commit()``, and only when exactly the announced number of body bytes was written;
/// ``discard()`` (or a writer released without either) leaves the store as it was. A failure to write is
/// remembered and makes ``commit()`` store nothing: a cache never turns a good answer into an error.
public protocol HTTPCacheEntryWriter: Sendable {
    /// Appends `chunk` to the body.
    func write(_ chunk: Data)

    /// Stores the entry when every announced body byte, and no more, was written.
    /// - Returns: Whether the entry is stored.
    @discardableResult
    func commit() -> Bool

    /// Drops what was written; nothing is stored.
    func discard()
}
