import Foundation
import HTTPClient

extension HTTPClient {
    /// Cancels the interrupted upload of `file` to the upload-creation endpoint `request` whose record
    /// ``uploadResumably(_:to:using:records:progress:)`` left in `records`: a `DELETE` to the upload URL (with
    /// the protocol's version header and the creation request's headers that follow-up requests carry), then
    /// the record is removed. A `404` or `410`, and for tus a `403`, counts as cancelled: the server no longer
    /// holds the upload.
    /// - Parameters:
    ///   - file: The file whose upload to cancel; it may be gone or changed.
    ///   - request: The upload-creation endpoint the upload was started with.
    ///   - uploadProtocol: The protocol it was started with.
    ///   - records: The folder holding the upload records.
    /// - Returns: `false` when `records` holds no record of such an upload: nothing was sent.
    /// - Throws: `HTTPError/httpCode(statusCode:data:)` for another non-2xx answer, or the client's error; the
    ///   record then stays.
    public func cancelResumableUpload(
        _ file: URL, to request: any HTTPRequest, using uploadProtocol: ResumableUploadProtocol, records: URL
    ) async throws -> Bool {
        let recordFile = ResumableUploadRecordFile(
            folder: records, file: file, request: request, uploadProtocol: uploadProtocol)
        guard let record = recordFile.load() else { return false }
        let headers = ResumableUploadExchange.protocolHeaders(
            uploadProtocol, inherited: ResumableUploadExchange.inheritedHeaders(of: request))
        let (data, response) = try await load(request: UploadResourceRequest(.delete, record.address, headers: headers))
        let status = response.statusCode
        guard (200..<300).contains(status) || uploadProtocol.goneStatuses.contains(status) else {
            throw HTTPError.httpCode(statusCode: status, data: data)
        }
        recordFile.remove()
        return true
    }
}

extension ResumableUploadProtocol {
    /// Whether `records` holds the record that an interrupted upload of `file` to the upload-creation endpoint
    /// `request` with this protocol left (see ``HTTPClient/HTTPClient/uploadResumably(_:to:using:records:progress:)``).
    public func hasRecord(of file: URL, to request: any HTTPRequest, in records: URL) -> Bool {
        ResumableUploadRecordFile(folder: records, file: file, request: request, uploadProtocol: self).load() != nil
    }
}
