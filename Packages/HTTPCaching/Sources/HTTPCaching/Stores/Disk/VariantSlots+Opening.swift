/// The slots of a key opened rather than read: only each file's head is read, and the file stays open so a hit's
/// body can be read from it in chunks.
extension VariantSlots {
    /// One slot, opened: its file and, when it holds an entry of the key, the open file and its head.
    struct OpenedSlot {
        let file: String
        let content: Content
        let opened: (file: OpenEntryFile, head: DiskEntryFormat.Head)?
    }

    /// The first ``count`` slots, their heads read without counting as a use; files whose head is damaged are
    /// removed.
    func opened() -> [OpenedSlot] {
        files.map { path in
            guard let file = OpenEntryFile(path, sizeLimit: sizeLimit) else {
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
}
