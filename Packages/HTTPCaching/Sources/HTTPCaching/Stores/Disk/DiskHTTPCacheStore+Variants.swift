/// The files of one key's variants: slot 0 is `HASH.entry`, slot n is `HASH-n.entry`, `HASH` being the key's
/// hash. A fixed set of names keeps reads to a few `open` calls and needs no index shared between processes.
extension DiskHTTPCacheStore {
    /// What one slot file holds.
    enum SlotContent {
        /// No file, or a damaged one (now removed).
        case empty
        /// A whole entry of another key whose hash is the same.
        case otherKey
        /// An entry of the key; `modified` orders the variants by last use.
        case entry(HTTPCacheEntry, modified: Int64)
    }

    /// One slot of a key: its file and what the file holds.
    struct Slot {
        let file: String
        let content: SlotContent
    }

    /// The file of slot `index` of `key`.
    func slotFile(of key: HTTPCacheKey, index: Int) -> String {
        let name = FNV1a.hex(FNV1a.hash(key.rawValue)) + (index == 0 ? "" : "-\(index)")
        return path + "/" + name + Self.entrySuffix
    }

    /// The first `count` slots of `key`, read without counting as a use; damaged files are removed.
    func slots(of key: HTTPCacheKey, count: Int) -> [Slot] {
        (0..<count).map { index in
            let file = slotFile(of: key, index: index)
            guard let contents = EntryFile.contents(of: file, sizeLimit: byteLimit, markingUsed: false) else {
                return Slot(file: file, content: .empty)
            }
            guard let decoded = try? DiskEntryFormat.decode(contents.data) else {
                EntryFile.remove(file, ifStill: contents)
                return Slot(file: file, content: .empty)
            }
            guard decoded.key == key else { return Slot(file: file, content: .otherKey) }
            return Slot(file: file, content: .entry(decoded.entry, modified: EntryFile.attributes(file)?.modified ?? 0))
        }
    }

    /// The file to write `entry` to: the slot holding the same variant, else the first empty slot, else the slot
    /// used least recently (another key's file counting as unused).
    func fileForStoring(_ entry: HTTPCacheEntry, for key: HTTPCacheKey) -> String {
        fileForStoring(variant: entry.variant, among: slots(of: key, count: variantLimit))
            ?? slotFile(of: key, index: 0)
    }

    /// The file of `slots` to write an entry of `variant` to, as ``fileForStoring(_:for:)`` chooses it; `nil`
    /// when there are no slots.
    func fileForStoring(variant: [String: String], among slots: [Slot]) -> String? {
        var empty: String?
        var oldest: (file: String, modified: Int64)?
        for slot in slots {
            let modified: Int64
            switch slot.content {
            case .empty:
                empty = empty ?? slot.file
                continue
            case .otherKey: modified = .min
            case .entry(let stored, let used):
                if stored.variant == variant { return slot.file }
                modified = used
            }
            if oldest.map({ modified < $0.modified }) ?? true { oldest = (slot.file, modified) }
        }
        if let empty { return empty }
        return oldest?.file
    }
}
