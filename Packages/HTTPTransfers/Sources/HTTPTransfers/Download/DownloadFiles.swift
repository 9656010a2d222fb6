import Foundation
import HTTPClient

/// The files a download keeps beside its destination (see ``HTTPDownload``): `NAME.partial` (the bytes so
/// far), `NAME.partial.json` (the resume record) and `NAME.partial.lock` (held while a download writes them).
/// The destination itself is written only by a rename.
struct DownloadFiles: Sendable {
    let destination: URL
    let partial: URL
    let record: URL
    let lock: URL

    init(destination: URL) {
        self.destination = destination
        partial = HTTPDownload.partialFile(for: destination)
        record = HTTPDownload.resumeRecord(for: destination)
        lock = HTTPDownload.lockFile(for: destination)
    }

    /// Where to resume `resource`: the partial file's size, its record and the hash of its bytes, or `nil`
    /// (after removing any partial file or record that cannot be resumed). The partial file is resumed only
    /// when it has the size and SHA-256 its record kept, so bytes from anywhere else are never continued.
    func resumePoint(for resource: String) -> DownloadResumePoint? {
        let size = (try? FileManager.default.attributesOfItem(atPath: partial.path))?[.size] as? NSNumber
        let record = (try? Data(contentsOf: record)).flatMap {
            try? JSONDecoder().decode(DownloadResumeRecord.self, from: $0)
        }
        if let offset = size?.int64Value, offset > 0, let record, record.resource == resource,
            record.formatVersion == DownloadResumeRecord.currentFormatVersion, record.keptLength == offset,
            let kept = record.keptSHA256, let hash = hashOfPartial(),
            HTTPDigest.hex(hash.finalize()) == kept.lowercased()
        {
            return DownloadResumePoint(offset: offset, record: record, hash: hash)
        }
        discardPartial()
        return nil
    }

    /// The SHA-256 state after every byte of the partial file, read a mebibyte at a time; `nil` when it cannot
    /// be read.
    func hashOfPartial() -> SHA256? {
        guard let handle = try? FileHandle(forReadingFrom: partial) else { return nil }
        defer { try? handle.close() }
        var hash = SHA256()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hash.update(chunk) }
        } catch {
            return nil
        }
        return hash
    }

    /// Removes the partial file and its record, if any.
    func discardPartial() {
        try? FileManager.default.removeItem(at: partial)
        try? FileManager.default.removeItem(at: record)
    }

    /// Writes `record` atomically, or removes the record when `nil`.
    func save(_ record: DownloadResumeRecord?) throws(HTTPDownloadError) {
        guard let record else {
            try? FileManager.default.removeItem(at: self.record)
            return
        }
        do {
            try JSONEncoder().encode(record).write(to: self.record, options: .atomic)
        } catch {
            throw .fileSystem(path: self.record.path, underlying: error)
        }
    }

    /// Opens the partial file for writing: empty at offset `0`, else after its `offset` bytes, which must be
    /// all it holds.
    func openPartial(at offset: Int64) throws(HTTPDownloadError) -> FileHandle {
        do {
            if offset == 0 {
                // `open` keeps the cause (no folder, no permission, name too long) that `createFile` drops.
                let descriptor = open(partial.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                close(descriptor)
            }
            let handle = try FileHandle(forWritingTo: partial)
            guard try handle.seekToEnd() == UInt64(offset) else {
                try? handle.close()
                throw CocoaError(.fileReadCorruptFile)
            }
            return handle
        } catch {
            throw .fileSystem(path: partial.path, underlying: error)
        }
    }

    /// Moves the complete partial file onto the destination (replacing it in one step, with the permission bits
    /// of the file it replaces, without setuid, setgid or sticky) and removes the record, when the file at the partial file's path is still
    /// `written`, the one the download wrote.
    /// - Throws: ``HTTPDownloadError/partialFileReplaced(path:)`` when it is not, touching nothing.
    func commit(_ written: FileIdentity) throws(HTTPDownloadError) {
        guard FileIdentity(path: partial.path) == written else { throw .partialFileReplaced(path: partial.path) }
        var replaced = stat()
        if lstat(destination.path, &replaced) == 0, replaced.st_mode & S_IFMT == S_IFREG {
            // The permission bits only: setuid, setgid and sticky never pass to new content, as the kernel
            // clears them when a file is written in place.
            guard chmod(partial.path, replaced.st_mode & 0o777) == 0 else {
                let code = POSIXErrorCode(rawValue: errno) ?? .EIO
                throw .fileSystem(path: partial.path, underlying: POSIXError(code))
            }
        }
        guard rename(partial.path, destination.path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            throw .fileSystem(path: destination.path, underlying: POSIXError(code))
        }
        try? FileManager.default.removeItem(at: record)
    }
}

/// What a download remembers about the response its partial file came from, to ask for the rest later.
struct DownloadResumeRecord: Codable, Equatable, Sendable {
    static let currentFormatVersion = 2

    /// The record's format; a record of another version is not resumed.
    var formatVersion = Self.currentFormatVersion
    /// The request that produced the bytes (method, version, path and sorted query).
    var resource: String
    /// The strong `ETag`, else the strong `Last-Modified` date, sent back as `If-Range`.
    var validator: String
    /// The complete length of the file, when the response said it.
    var completeLength: Int64?
    /// The origin that sent the bytes (see ``origin(of:)``), when the client knew the response's URL.
    var origin: String?
    /// How many bytes the partial file held when its download stopped; a partial file of another size (a crash
    /// mid-write, another program) is not resumed.
    var keptLength: Int64?
    /// The SHA-256 of those bytes in hexadecimal; a partial file with other bytes is not resumed.
    var keptSHA256: String?
    /// The digests of the whole file the first response stated (``HTTPDigest/description``), checked also when
    /// a resumed response states none.
    var statedDigests: [String]?

    /// The key that tells one downloaded resource from another.
    static func resource(of request: any HTTPRequest) -> String {
        let query = (request.queryParameter ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(request.method.name) \(request.version)/\(request.path)?\(query.joined(separator: "&"))"
    }

    /// Whether `response` names another version than ``validator``: a different `ETag` when the validator
    /// is one, else a different `Last-Modified`.
    func isContradicted(by response: HTTPResponse) -> Bool {
        let headers = response.headers ?? HTTPHeaders()
        let field = validator.hasPrefix("\"") ? "ETag" : "Last-Modified"
        guard let value = headers[field]?.trimmingCharacters(in: .whitespaces) else { return false }
        return value != validator
    }

    /// The validator to resume `response` with: its strong `ETag`, else its `Last-Modified` when that is strong
    /// too; `nil` when it has neither or is content-encoded (byte ranges would count encoded bytes).
    static func validator(of response: HTTPResponse) -> String? {
        let headers = response.headers ?? HTTPHeaders()
        if let encoding = headers["Content-Encoding"], encoding.lowercased() != "identity" { return nil }
        if let etag = headers["ETag"]?.trimmingCharacters(in: .whitespaces), etag.hasPrefix("\"") {
            return etag
        }
        return strongLastModified(in: headers)
    }
}
