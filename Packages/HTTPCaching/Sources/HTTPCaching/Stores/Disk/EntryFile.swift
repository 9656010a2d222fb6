import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file operations of ``DiskHTTPCacheStore``, with the system calls that make them safe to share:
/// readers see a whole file or none (writers rename a finished temporary file into place), and a reader
/// removes a file only if it is still the one it read.
enum EntryFile {
    /// What one read found: the bytes and the file's identity.
    struct Contents {
        let data: Data
        let identity: (device: UInt64, inode: UInt64)
    }

    /// The whole file at `path`, read with one `read` when it fits, and marked as just used (its modification
    /// time is set to now) unless `markingUsed` is false; `nil` when absent.
    ///
    /// The size is checked on the open descriptor before anything is read: a file larger than `sizeLimit` is
    /// never read, and is removed (if `path` still names it), so one huge file costs one `fstat`, not its size
    /// in memory.
    static func contents(of path: String, sizeLimit: Int, markingUsed: Bool = true) -> Contents? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 0 else { return nil }
        let identity = (UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino))
        guard status.st_size <= sizeLimit else {
            remove(path, ifStillIdentifiedBy: identity)
            return nil
        }
        let size = Int(status.st_size)
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var done = 0
            while done < size {
                let count = read(descriptor, buffer.baseAddress! + done, size - done)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        guard complete else { return nil }
        if markingUsed { markUsed(descriptor) }
        return Contents(data: data, identity: identity)
    }

    /// Writes `data` to a new temporary file in `directory` (mode 0600), then renames it to `path` in one step.
    /// - Returns: Whether the file is in place.
    @discardableResult
    static func replace(_ path: String, with data: Data, in directory: String) -> Bool {
        guard let (temporary, descriptor) = createTemporary(in: directory) else { return false }
        let written = data.withUnsafeBytes { writeAll($0, to: descriptor) }
        markUsed(descriptor)
        close(descriptor)
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// A new, empty temporary file in `directory` (mode 0600), open for writing: its path and descriptor.
    static func createTemporary(in directory: String) -> (path: String, descriptor: Int32)? {
        let temporary = directory + "/" + temporaryPrefix + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        _ = fchmod(descriptor, 0o600)
        return (temporary, descriptor)
    }

    /// The prefix of temporary files' names; a sweep removes old ones a crashed writer left behind.
    static let temporaryPrefix = ".tmp-"
    /// The suffix of entry files' names.
    static let entrySuffix = ".entry"

    /// Writes all of `bytes` to `descriptor`.
    /// - Returns: Whether every byte was written.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var done = 0
        while done < bytes.count {
            let count = write(descriptor, base + done, bytes.count - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    /// Removes `path` if it is still the file `contents` came from (another process may have replaced it).
    static func remove(_ path: String, ifStill contents: Contents) {
        remove(path, ifStillIdentifiedBy: contents.identity)
    }

    static func remove(_ path: String, ifStillIdentifiedBy identity: (device: UInt64, inode: UInt64)) {
        var status = stat()
        guard stat(path, &status) == 0, UInt64(truncatingIfNeeded: status.st_dev) == identity.device,
            UInt64(truncatingIfNeeded: status.st_ino) == identity.inode
        else { return }
        unlink(path)
    }

    /// The size in bytes of the file at `path`, or 0 when absent.
    static func size(_ path: String) -> Int {
        attributes(path)?.size ?? 0
    }

    /// The size and the modification time (in nanoseconds since 1970) of the file at `path`, or `nil`.
    static func attributes(_ path: String) -> (size: Int, modified: Int64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        return (Int(status.st_size), Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// Sets the file's access and modification times to now, to the nanosecond: the kernel's own timestamps
    /// tick only every few milliseconds, too coarse to order files used one after the other.
    static func markUsed(_ descriptor: Int32) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var times = [now, now]
        _ = futimens(descriptor, &times)
    }

    /// Marks the file at `path` as just used, if it exists.
    static func markUsed(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        markUsed(descriptor)
        close(descriptor)
    }

    /// Removes the file at `path`, if any.
    static func remove(_ path: String) {
        unlink(path)
    }
}
