import Foundation

/// A file's size and modification date at one moment, to tell whether it changed since.
struct FileSnapshot: Equatable, Sendable {
    let size: Int64
    let modified: Date?

    /// The snapshot in `attributes` (from `FileManager.attributesOfItem(atPath:)`), or `nil` without a size.
    init?(_ attributes: [FileAttributeKey: Any]) {
        guard let size = (attributes[.size] as? NSNumber)?.int64Value else { return nil }
        self.size = size
        modified = attributes[.modificationDate] as? Date
    }

    /// The file at `url` as it is now.
    /// - Throws: The file system's error when the file cannot be inspected.
    static func current(of url: URL) throws -> FileSnapshot? {
        FileSnapshot(try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path))
    }
}
