/// The files of one key's variants in a disk cache directory: slot 0 is `HASH.entry`, slot n is `HASH-n.entry`,
/// `HASH` being the key's hash. A fixed set of names keeps reads to a few `open` calls and needs no index shared
/// between processes.
struct VariantSlots {
    /// What one slot file holds.
    enum Content {
        /// No file, or a damaged one (now removed).
        case empty
        /// A whole entry of another key whose hash is the same.
        case otherKey
        /// An entry of the key; `modified` orders the variants by last use.
        case entry(HTTPCacheEntry, modified: Int64)
    }

    /// One slot of the key: its file and what the file holds.
    struct Slot {
        let file: String
        let content: Content
    }

    /// The key whose variants the slots hold.
    let key: HTTPCacheKey
    /// The path of the directory holding the files.
    let directory: String
    /// How many slots are read: the most variants the key keeps.
    let count: Int
    /// The largest file read; a larger one is a miss and is removed unread.
    let sizeLimit: Int

    /// The file of slot `index`.
    func file(at index: Int) -> String {
        let name = FNV1a.hex(FNV1a.hash(key.rawValue)) + (index == 0 ? "" : "-\(index)")
        return directory + "/" + name + EntryFile.entrySuffix
    }

    /// The files of the first ``count`` slots.
    var files: [String] {
        (0..<count).map(file(at:))
    }

    /// The first ``count`` slots, read without counting as a use; damaged files are removed.
    func read() -> [Slot] {
        files.map { file in
            guard let contents = EntryFile.contents(of: file, sizeLimit: sizeLimit, markingUsed: false) else {
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

    /// The file to write an entry of `variant` to, as ``file(forStoring:among:)`` chooses it from the slots
    /// read now.
    func file(forStoring variant: [String: String]) -> String {
        Self.file(forStoring: variant, among: read()) ?? file(at: 0)
    }

    /// The file of `slots` to write an entry of `variant` to: the slot holding the same variant, else the first
    /// empty slot, else the slot used least recently (another key's file counting as unused); `nil` when there
    /// are no slots.
    static func file(forStoring variant: [String: String], among slots: [Slot]) -> String? {
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
