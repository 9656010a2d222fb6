import Foundation

/// The exclusive lock a download holds on `NAME.partial.lock` beside its destination while it touches the
/// partial file or its record, so two downloads never write one destination. The file holds the holder's
/// process ID, which a download that finds the lock taken names in its error. The lock is released (and its
/// file removed) by ``release()``, or by the system when the process ends.
final class DownloadLock: Sendable {
    let url: URL
    private let descriptor: Int32

    /// Takes the lock at `url` without waiting.
    /// - Throws: ``HTTPDownloadError/destinationInUse(destination:lockFile:holder:)`` when another download holds
    ///   it, ``HTTPDownloadError/fileSystem(path:underlying:)`` when the lock file cannot be opened.
    init(url: URL, destination: URL) throws(HTTPDownloadError) {
        self.url = url
        descriptor = try Self.lockedDescriptor(at: url, destination: destination)
        let pid = Data("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Removes the lock file and releases the lock.
    func release() {
        unlink(url.path)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// A descriptor of the file at `url` holding its lock. A holder that releases the lock removes the file
    /// first, so a lock taken on a file no longer at `url` is let go and taken again on the file there now.
    private static func lockedDescriptor(at url: URL, destination: URL) throws(HTTPDownloadError) -> Int32 {
        while true {
            let opened = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard opened >= 0 else { throw .fileSystem(path: url.path, underlying: lastError()) }
            guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
                let error = lastError()
                let holder = holder(of: opened)
                close(opened)
                guard error.code == .EWOULDBLOCK else { throw .fileSystem(path: url.path, underlying: error) }
                throw .destinationInUse(destination: destination.path, lockFile: url.path, holder: holder)
            }
            if let locked = FileIdentity(descriptor: opened), locked == FileIdentity(path: url.path) { return opened }
            close(opened)
        }
    }

    /// The process ID the holder wrote into the lock file, or `nil` when it cannot be read.
    private static func holder(of descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
