import Foundation
import HTTPClient

/// Entries read and written in chunks: a hit's body comes from its file, and a streamed answer goes to a
/// temporary file that is renamed into place only when complete.
extension DiskHTTPCacheStore {
    /// The most recently received variant of `key` that `isMatch` accepts, without its body, and its body read
    /// from the file in chunks of 64 KiB, or `nil`; only that variant's file counts as used.
    ///
    /// Only the file's head is read here; the checksum is checked when the body's last byte has been read, and a
    /// damaged file then fails the body with `HTTPBodyError.unreadableFile(path:underlying:)` and is removed.
    public func streamedEntry(for key: HTTPCacheKey, where isMatch: (HTTPCacheEntry) -> Bool) -> (
        entry: HTTPCacheEntry, body: HTTPBody
    )? {
        var best: VariantSlots.OpenedSlot?
        for slot in slots(of: key).opened() {
            guard let opened = slot.opened, isMatch(opened.head.entry) else { continue }
            if let current = best?.opened, current.head.entry.responseTime >= opened.head.entry.responseTime {
                continue
            }
            best = slot
        }
        guard let opened = best?.opened else { return nil }
        opened.file.markUsed()
        let body = HTTPBody(
            EntryFileBody(file: opened.file, head: opened.head), length: .known(Int64(opened.head.bodyLength)))
        return (opened.head.entry, body)
    }

    /// A writer of `entry` with a body of `bodyLength` bytes to a new temporary file in ``directory``, renamed
    /// into the variant's file on commit and removed on discard; `nil` when the file would be larger than
    /// ``byteLimit`` or cannot be created.
    public func entryWriter(for key: HTTPCacheKey, entry: HTTPCacheEntry, bodyLength: Int64)
        -> (any HTTPCacheEntryWriter)?
    {
        DiskEntryWriter(store: self, key: key, entry: entry, bodyLength: bodyLength)
    }

    /// Renames the finished temporary file `temporary`, `size` bytes, into the file of `variant` of `key` (see
    /// ``store(_:for:)``), then evicts beyond ``byteLimit``.
    /// - Returns: Whether the file is in place.
    func install(_ temporary: String, size: Int, for key: HTTPCacheKey, variant: [String: String]) -> Bool {
        let keySlots = slots(of: key)
        let opened = keySlots.opened().map { VariantSlots.Slot(file: $0.file, content: $0.content) }
        let file = VariantSlots.file(forStoring: variant, among: opened) ?? keySlots.file(at: 0)
        let replaced = EntryFile.size(file)
        guard rename(temporary, file) == 0 else {
            EntryFile.remove(temporary)
            return false
        }
        entries.didWrite(size: size, replacing: replaced)
        return true
    }
}
