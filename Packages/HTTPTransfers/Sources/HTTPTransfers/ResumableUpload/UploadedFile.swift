import Foundation
import HTTPClient

/// The file being uploaded as it is now: its size, modification date and a fingerprint of its first and last
/// MiB, which tell a record whether it still describes the same file.
struct UploadedFile: Equatable, Sendable {
    /// How many bytes at each end of the file the fingerprint covers: 1 MiB.
    static let fingerprintSpan: Int64 = 1024 * 1024

    let url: URL
    let size: Int64
    let modified: Date?
    /// The SHA-256, in lowercase hexadecimal, of the file's first and last ``fingerprintSpan`` bytes (the
    /// whole file when it is smaller than two spans).
    let fingerprint: String

    /// Reads the file's size, date and fingerprint.
    /// - Throws: ``ResumableUploadError/fileSystem(path:underlying:)``.
    init(_ url: URL) throws {
        self.url = url
        do {
            guard let snapshot = try FileSnapshot.current(of: url) else {
                throw HTTPBodyError.notARegularFile(path: url.path)
            }
            size = snapshot.size
            modified = snapshot.modified
            fingerprint = try Self.fingerprint(of: url, size: snapshot.size)
        } catch {
            throw ResumableUploadError.fileSystem(path: url.path, underlying: error)
        }
    }

    private static func fingerprint(of url: URL, size: Int64) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var hasher = SHA256()
        hasher.update(try handle.read(upToCount: Int(min(size, fingerprintSpan))) ?? Data())
        if size > fingerprintSpan {
            let tail = max(fingerprintSpan, size - fingerprintSpan)
            try handle.seek(toOffset: UInt64(tail))
            hasher.update(try handle.read(upToCount: Int(size - tail)) ?? Data())
        }
        return HTTPDigest.hex(hasher.finalize())
    }
}
