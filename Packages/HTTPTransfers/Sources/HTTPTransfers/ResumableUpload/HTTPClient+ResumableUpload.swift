import Foundation
import HTTPClient

extension HTTPClient {
    /// Uploads `file` to the upload-creation endpoint `request`, resuming an earlier interrupted upload of
    /// the same file to the same endpoint when `records` holds its record.
    ///
    /// The creation request is `request` (its method, path, query and headers) with the protocol's headers and
    /// no body: for ``ResumableUploadProtocol/draft`` `Upload-Draft-Interop-Version`, `Upload-Complete: ?0`,
    /// `Upload-Length` and, unless `request` sets one, `Content-Disposition: attachment; filename=…`; for
    /// ``ResumableUploadProtocol/tus`` `Tus-Resumable`, `Upload-Length` and, unless set, `Upload-Metadata` with
    /// the base64 `filename`. Its `Location` is the upload URL. Follow-up requests address it as a path on the
    /// client's base URL: the `Location` is resolved against the URL that answered the creation
    /// (`HTTPResponse/url`), must have its origin and lie under the base URL (that URL without the request's
    /// `version/path`), and its path below the base becomes their path, with an empty version; when the client
    /// does not report that URL, the base URL is taken as the origin's root. They are offset retrieval by
    /// `HEAD`, append by `PATCH` with the
    /// bytes after the server's offset streamed from the file in constant memory (draft: in pieces of at most
    /// the server's `Upload-Limit` `max-append-size`), cancellation by `DELETE`. They carry the creation
    /// request's headers (such as `Authorization`) except those describing its body or the new upload
    /// (`Content-Type`, `Content-Length`, `Content-Disposition`, `Transfer-Encoding` and `Upload-*`).
    ///
    /// A record (upload URL, protocol, file size, modification date, a fingerprint of the first and last MiB)
    /// is written to `records` once the upload exists and removed when it completes. A later call for the same
    /// file, endpoint and protocol asks the server for its offset and sends only the rest; when the file
    /// changed, a `DELETE` asks the server to drop the old upload (its failure does not stop the new one) and
    /// a new one starts. An upload gone from the server (`404` or `410` to `HEAD` or `PATCH`, and for tus also
    /// `403`) starts over once. A `409`, `423` or `503` to an append, or an `HTTPTransportError` other than
    /// `HTTPTransportError/cancelled` (a cut connection can read as a send failure), retrieves the offset and
    /// continues (after a second such failure in a row, a second later), until three appends in a row fail
    /// without the offset moving. An append from an offset the
    /// server stated in an offset answer (after a cut, a server may state the one from before it until it
    /// notices the cut) carries `Expect: 100-continue`, so its body goes out only once the server accepts the
    /// offset: a `409` to it costs no body on a transport that honours `Expect`, which both of this
    /// repository's do on Linux (libcurl waits up to 1 s for `100 Continue`, then sends the body anyway).
    /// Progress counts the whole file and never goes backwards across a resume.
    /// - Parameters:
    ///   - file: The regular file to upload.
    ///   - request: The upload-creation endpoint (`POST`).
    ///   - uploadProtocol: The protocol the endpoint speaks.
    ///   - records: The folder for upload records; it must exist.
    ///   - progress: Called as bytes are sent, with `bytesExpectedToSend` the file's size.
    /// - Returns: The body and response of the request that completed the upload.
    /// - Throws: ``ResumableUploadError``, `HTTPError/httpCode(statusCode:data:)` for another non-2xx answer,
    ///   `HTTPBodyError/fileChanged(path:)` when the file changes mid-upload, `CancellationError`, or the
    ///   client's error. After an error the record stays, so the next call resumes.
    public func uploadResumably(
        _ file: URL, to request: any HTTPRequest, using uploadProtocol: ResumableUploadProtocol,
        records: URL, progress: (@Sendable (HTTPTransferProgress) -> Void)? = nil
    ) async throws -> (Data, HTTPResponse) {
        let uploaded = try UploadedFile(file)
        let session = ResumableUploadSession(
            client: self,
            exchange: ResumableUploadExchange(uploadProtocol: uploadProtocol, file: uploaded, request: request),
            recordFile: ResumableUploadRecordFile(
                folder: records, file: file, request: request, uploadProtocol: uploadProtocol),
            progress: UploadProgress(fileSize: uploaded.size, report: progress))
        return try await session.run(creating: request)
    }
}
