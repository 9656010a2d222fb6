import Foundation
import HTTPClient

/// What an interrupted upload leaves in the records folder: where the upload lives on the server and which
/// file it holds, kept until the upload completes.
struct ResumableUploadRecord: Codable, Equatable, Sendable {
    /// The upload's path relative to the client's base URL, and its query.
    var address: UploadAddress
    var uploadProtocol: String
    var fileSize: Int64
    var modified: Date?
    var fingerprint: String
    /// The highest offset the server confirmed.
    var confirmedOffset: Int64

    init(address: UploadAddress, uploadProtocol: ResumableUploadProtocol, file: UploadedFile) {
        self.address = address
        self.uploadProtocol = uploadProtocol.recordName
        fileSize = file.size
        modified = file.modified
        fingerprint = file.fingerprint
        confirmedOffset = 0
    }

    /// Whether the record describes `file` as it is now.
    func describes(_ file: UploadedFile) -> Bool {
        fileSize == file.size && modified == file.modified && fingerprint == file.fingerprint
    }
}

/// The record file of one upload: one JSON file per file, endpoint and protocol in the records folder.
struct ResumableUploadRecordFile: Sendable {
    let url: URL

    /// The record file for uploading `file` to `request` with `uploadProtocol` in `folder`: named by the
    /// SHA-256 of all three, so two files or two endpoints never share one.
    init(folder: URL, file: URL, request: any HTTPRequest, uploadProtocol: ResumableUploadProtocol) {
        let query = (request.queryParameter ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let key = [
            uploadProtocol.recordName, file.standardizedFileURL.path, request.method.rawValue, request.version,
            request.path, query.joined(separator: "&"),
        ].joined(separator: "\n")
        let name = HTTPDigest.hex(SHA256.digest(of: Data(key.utf8)))
        url = folder.appendingPathComponent("\(name).upload.json")
    }

    /// The stored record, or `nil` when there is none or it cannot be read (a torn or foreign file).
    func load() -> ResumableUploadRecord? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(ResumableUploadRecord.self, from: data)
    }

    /// Writes `record` in one atomic replace.
    /// - Throws: ``ResumableUploadError/fileSystem(path:underlying:)``.
    func save(_ record: ResumableUploadRecord) throws {
        do {
            try JSONEncoder().encode(record).write(to: url, options: .atomic)
        } catch {
            throw ResumableUploadError.fileSystem(path: url.path, underlying: error)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
