import Foundation
import HTTPClient

extension HTTPClient {
    /// Downloads to `destination`, resuming a partial download of the same resource left by an earlier call.
    ///
    /// The bytes go to `NAME.partial` beside the destination (``HTTPDownload/partialFile(for:)``), with a small
    /// resume record in `NAME.partial.json`; the destination is replaced in one rename once every byte arrived,
    /// so it never holds part of a file, and a file it replaces keeps its permission bits (without setuid,
    /// setgid or sticky). Like `curl -o`, the bytes are written, not flushed to storage (no
    /// `fsync`). When a transfer is interrupted (an error, a cancellation, a crash), the partial
    /// file stays, and the next call for the same destination and request asks for the rest with
    /// `Range: bytes=N-` and `If-Range` (the strong `ETag`, else a `Last-Modified` at least a second before
    /// the response's `Date`). A `206` that continues the file appends; a `200` starts over from its own bytes;
    /// a `416` (also when a decorator throws it), or a `206` for other bytes, another version, another
    /// complete length or from another origin than the partial file's (`HTTPResponse/url`, when the client
    /// knows it), discards the partial file and asks once again for the whole file. A response without
    /// such a validator cannot be resumed, so its partial file is removed on failure. The file is moved into
    /// place only when it has the length its first response announced. A body that ends short of its length, or
    /// of unknown length, once the task is cancelled is a cancellation, never the whole file.
    ///
    /// When the server states the file's SHA-256 in `Repr-Digest` (RFC 9530; also `Content-Digest` in a `200`;
    /// neither when content-coded), every byte is hashed as it is written, and the file is moved into place
    /// only when it has that digest; otherwise the partial file is discarded. The resume record keeps the size
    /// and SHA-256 of the bytes the partial file held when its transfer stopped: a partial file of another size
    /// or other bytes (a crash mid-write, a file from elsewhere) is discarded, never continued.
    ///
    /// Sends `Accept-Encoding: identity` unless the request sets `Accept-Encoding`, and replaces any `Range`
    /// or `If-Range` of the request.
    ///
    /// One download writes a destination at a time: it holds an exclusive lock on `NAME.partial.lock`
    /// (``HTTPDownload/lockFile(for:)``) from before it reads the partial file until it ends, and a second
    /// download of the same destination, in this process or another, throws
    /// ``HTTPDownloadError/destinationInUse(destination:lockFile:holder:)`` at once without touching the partial
    /// file or its record. The file is moved into place only if the partial file at its path is still the one
    /// the download wrote (same device and inode).
    /// - Parameters:
    ///   - request: The request for the file.
    ///   - destination: Where the file goes; its folder must exist.
    ///   - progress: Called as bytes arrive, counting the resumed bytes; `bytesExpectedToReceive` is the file's
    ///     size when known.
    /// - Returns: The response that completed the file (a `206` when resumed).
    /// - Throws: `HTTPError/httpCode(statusCode:data:)` for a non-2xx answer (carrying at most 1 KiB of its
    ///   body, with nothing written; a `404` or `410` also removes the partial file of an earlier call, since the
    ///   file is gone), ``HTTPDownloadError`` when the size disagrees with `Content-Length` or `Content-Range`,
    ///   the digest with a stated one, or a file cannot be written, or another download writes the destination,
    ///   `CancellationError` when the task is
    ///   cancelled before the last byte, or the client's error.
    @discardableResult
    public func download(
        request: HTTPRequest,
        to destination: URL,
        progress: (@Sendable (HTTPTransferProgress) -> Void)? = nil
    ) async throws -> HTTPResponse {
        try await download(request: request, to: destination, checking: nil, progress: progress)
    }

    /// Downloads to `destination` like ``download(request:to:progress:)``, and moves the file into place only
    /// when its digest is `expectedDigest`, such as the SHA-256 a listing of the files states.
    ///
    /// The digest is checked with the ones the server states, and a mismatch discards the partial file and
    /// throws ``HTTPDownloadError/digestMismatch(algorithm:expected:actual:)``.
    /// - Parameters:
    ///   - request: The request for the file.
    ///   - destination: Where the file goes; its folder must exist.
    ///   - expectedDigest: The digest the whole file must have.
    ///   - progress: Called as bytes arrive, counting the resumed bytes.
    /// - Returns: The response that completed the file (a `206` when resumed).
    @discardableResult
    public func download(
        request: HTTPRequest,
        to destination: URL,
        expectedDigest: HTTPDigest,
        progress: (@Sendable (HTTPTransferProgress) -> Void)? = nil
    ) async throws -> HTTPResponse {
        try await download(request: request, to: destination, checking: expectedDigest, progress: progress)
    }

    private func download(
        request: HTTPRequest,
        to destination: URL,
        checking expectedDigest: HTTPDigest?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?
    ) async throws -> HTTPResponse {
        let files = DownloadFiles(destination: destination)
        let lock = try DownloadLock(url: files.lock, destination: destination)
        defer { lock.release() }
        let resource = DownloadResumeRecord.resource(of: request)
        var resume = files.resumePoint(for: resource)
        while true {
            let attempt = DownloadAttempt(
                files: files, resource: resource, resume: resume, expectedDigest: expectedDigest, progress: progress)
            let outcome: DownloadAttempt.Outcome
            do {
                outcome = try await stream(request: attempt.request(from: request), body: nil, progress: nil) {
                    response, body in
                    try await attempt.receive(response, body)
                }
            } catch let error where attempt.startsOver(after: error) {
                outcome = .startOver
            } catch {
                if DownloadAttempt.isGone(error) { files.discardPartial() }
                throw error
            }
            switch outcome {
            case .completed(let response):
                return response
            case .startOver:
                files.discardPartial()
                resume = nil
            }
        }
    }
}
