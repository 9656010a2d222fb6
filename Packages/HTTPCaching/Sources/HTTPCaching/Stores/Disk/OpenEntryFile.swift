import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An entry file held open, so its body can be read in chunks after its head was judged: a writer that renames a
/// new file into place meanwhile leaves this one readable. The descriptor closes when the last reference goes.
final class OpenEntryFile: Sendable {
    let path: String
    let size: Int
    private let descriptor: Int32
    private let device: UInt64
    private let inode: UInt64

    /// How many bytes a first look at a head reads; a larger head is read again with more.
    static let headProbeSize = 16 * 1024

    /// Opens the file at `path`; `nil` when absent. A file larger than `sizeLimit` is removed, as a read would.
    init?(_ path: String, sizeLimit: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 0 else {
            close(descriptor)
            return nil
        }
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        guard status.st_size <= sizeLimit else {
            close(descriptor)
            EntryFile.remove(path, ifStillIdentifiedBy: (device, inode))
            return nil
        }
        self.path = path
        self.size = Int(status.st_size)
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The head of the entry, reading only as many bytes as it takes; `nil` when the file is not an entry.
    func head() -> DiskEntryFormat.Head? {
        var probe = min(size, Self.headProbeSize)
        while true {
            guard let bytes = read(at: 0, count: probe) else { return nil }
            if let head = try? DiskEntryFormat.decodeHead(bytes, fileSize: size) { return head }
            guard probe < size else { return nil }
            probe = min(size, probe * 4)
        }
    }

    /// `count` bytes from `offset`, or `nil` when the file ends before them or cannot be read.
    func read(at offset: Int, count: Int) -> Data? {
        var data = Data(count: count)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var done = 0
            while done < count {
                let read = pread(descriptor, base + done, count - done, off_t(offset + done))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { return false }
                done += read
            }
            return true
        }
        return complete ? data : nil
    }

    /// Marks the file as just used, for least-recently-used eviction.
    func markUsed() {
        EntryFile.markUsed(descriptor)
    }

    /// Removes the file if its path still names it: a damaged entry, found while reading its body.
    func removeIfUnreplaced() {
        EntryFile.remove(path, ifStillIdentifiedBy: (device, inode))
    }
}
