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
        var best: OpenedSlot?
        for slot in openedSlots(of: key) {
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

    /// One slot of a key, opened: its file and, when it holds an entry of the key, the open file and its head.
    struct OpenedSlot {
        let file: String
        let content: SlotContent
        let opened: (file: OpenEntryFile, head: DiskEntryFormat.Head)?
    }

    /// The slots of `key`, their heads read without counting as a use; files whose head is damaged are removed.
    func openedSlots(of key: HTTPCacheKey) -> [OpenedSlot] {
        (0..<variantLimit).map { index in
            let path = slotFile(of: key, index: index)
            guard let file = OpenEntryFile(path, sizeLimit: byteLimit) else {
                return OpenedSlot(file: path, content: .empty, opened: nil)
            }
            guard let head = file.head() else {
                file.removeIfUnreplaced()
                return OpenedSlot(file: path, content: .empty, opened: nil)
            }
            guard head.key == key else { return OpenedSlot(file: path, content: .otherKey, opened: nil) }
            let modified = EntryFile.attributes(path)?.modified ?? 0
            return OpenedSlot(file: path, content: .entry(head.entry, modified: modified), opened: (file, head))
        }
    }

    /// Renames the finished temporary file `temporary`, `size` bytes, into the file of `variant` of `key` (see
    /// ``store(_:for:)``), then evicts beyond ``byteLimit``.
    /// - Returns: Whether the file is in place.
    func install(_ temporary: String, size: Int, for key: HTTPCacheKey, variant: [String: String]) -> Bool {
        let slots = openedSlots(of: key).map { Slot(file: $0.file, content: $0.content) }
        let file = fileForStoring(variant: variant, among: slots) ?? slotFile(of: key, index: 0)
        let replaced = EntryFile.size(file)
        guard rename(temporary, file) == 0 else {
            EntryFile.remove(temporary)
            return false
        }
        let estimate = estimatedByteCount.withLock { count in
            count += size - replaced
            return count
        }
        if estimate > byteLimit { sweep() }
        return true
    }
}
