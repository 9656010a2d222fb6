import Foundation

/// A file's size and modification date at one moment, to tell whether it changed since: a file body compares
/// one taken when it was made with one taken as it is read.
public struct FileSnapshot: Equatable, Sendable {
    /// The size in bytes.
    public let size: Int64
    /// The modification date, when the file system reports one.
    public let modified: Date?

    /// The snapshot in `attributes` (from `FileManager.attributesOfItem(atPath:)`), or `nil` without a size.
    public init?(_ attributes: [FileAttributeKey: Any]) {
        guard let size = (attributes[.size] as? NSNumber)?.int64Value else { return nil }
        self.size = size
        modified = attributes[.modificationDate] as? Date
    }

    /// The file at `url` as it is now.
    /// - Throws: The file system's error when the file cannot be inspected.
    public static func current(of url: URL) throws -> FileSnapshot? {
        FileSnapshot(try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path))
    }
}
