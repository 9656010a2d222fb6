import Foundation

/// The device and inode of a file: which file a descriptor or a path names, whatever its name.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file open at `descriptor`, or `nil` when `fstat` fails.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity of the file at `path` (not following a final symbolic link), or `nil` when there is none.
    init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
}
