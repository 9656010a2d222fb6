import Foundation
import HTTPClient
import HTTPClientSupport

/// One request of a download: reads the response into the partial file, deciding from the head whether
/// the bytes append, start over, or are refused.
struct DownloadAttempt: Sendable {
    /// How an attempt ended without throwing.
    enum Outcome: Sendable {
        /// The file is in place.
        case completed(HTTPResponse)
        /// The server did not continue the partial file: discard it and ask for the whole file.
        case startOver
    }

    /// The most bytes of a failure's body that `HTTPError/httpCode(statusCode:data:)` carries: 1 KiB.
    static let errorBodyPrefix = 1024

    let files: DownloadFiles
    let resource: String
    let resume: DownloadResumePoint?
    /// The digest the caller expects of the whole file, checked with the ones the server states.
    let expectedDigest: HTTPDigest?
    let progress: (@Sendable (HTTPTransferProgress) -> Void)?

    /// `request` with the headers this attempt needs: `Range` and `If-Range` when resuming, none otherwise.
    func request(from request: any HTTPRequest) -> ModifiedRequest {
        var modified = ModifiedRequest(request)
        var headers = modified.headers ?? HTTPHeaders()
        headers["Range"] = resume.map { "bytes=\($0.offset)-" }
        headers["If-Range"] = resume?.record.validator
        if !headers.contains("Accept-Encoding") { headers["Accept-Encoding"] = "identity" }
        modified.headers = headers
        return modified
    }

    func receive(_ response: HTTPResponse, _ body: HTTPBody) async throws -> Outcome {
        guard (200..<300).contains(response.statusCode) else {
            if resume != nil, response.statusCode == 416 { return .startOver }
            throw HTTPError.httpCode(statusCode: response.statusCode, data: await Self.prefix(of: body))
        }
        let offset: Int64
        let expected: Int64?
        let completeLength: Int64?
        if response.statusCode == 206 {
            guard let resume else { throw HTTPDownloadError.unexpectedPartialContent }
            guard !resume.record.isContradicted(by: response),
                !resume.record.isContradicted(byOriginOf: response.url),
                let range = Self.continuation(of: resume.offset, in: response),
                !resume.record.isContradicted(byCompleteLength: range.completeLength)
            else { return .startOver }
            offset = resume.offset
            completeLength = range.completeLength ?? resume.record.completeLength
            expected = range.completeLength ?? range.end
        } else {
            offset = 0
            completeLength = Self.contentLength(of: response)
            expected = completeLength
        }
        // A 206 that names no validator of its own continues the bytes the recorded one vouched for.
        let validator =
            DownloadResumeRecord.validator(of: response) ?? (offset > 0 ? resume?.record.validator : nil)
        let origin = DownloadResumeRecord.origin(of: response.url) ?? (offset > 0 ? resume?.record.origin : nil)
        let stated = statedDigests(of: response, continuing: offset > 0)
        let record = validator.map {
            DownloadResumeRecord(
                resource: resource, validator: $0, completeLength: completeLength, origin: origin,
                statedDigests: stated.map(\.description))
        }
        let check = DownloadDigestCheck(
            start: (offset > 0 ? resume?.hash : nil) ?? SHA256(), expected: stated + (expectedDigest.map { [$0] } ?? [])
        )
        try await write(
            body, from: offset, expected: expected, completeLength: completeLength, record: record, check: check)
        return .completed(response)
    }

    /// Writes `body` after the first `offset` bytes of the partial file and commits it when it is whole: when
    /// it has `completeLength` bytes, if that is known. The record is saved once the partial file holds only
    /// those `offset` bytes, so it never vouches for bytes of another response.
    /// The file is committed only when it has each digest of `check` (every byte written is hashed when there is
    /// one), and a partial file that stays is recorded with its size and SHA-256.
    private func write(
        _ body: HTTPBody, from offset: Int64, expected: Int64?, completeLength: Int64?, record: DownloadResumeRecord?,
        check: DownloadDigestCheck
    ) async throws {
        var check = check
        let handle = try files.openPartial(at: offset)
        let opened = FileIdentity(descriptor: handle.fileDescriptor)
        do {
            guard opened != nil else {
                throw HTTPDownloadError.fileSystem(path: files.partial.path, underlying: POSIXError(.EBADF))
            }
            try files.save(record.map { check.keepingStart($0, length: offset) })
        } catch {
            try? handle.close()
            files.discardPartial()
            throw error
        }
        var received = offset
        var written = offset
        progress?(
            HTTPTransferProgress(
                bytesSent: 0, bytesExpectedToSend: 0, bytesReceived: received, bytesExpectedToReceive: expected))
        do {
            for try await chunk in body {
                received += Int64(chunk.count)
                if let expected, received > expected {
                    throw HTTPDownloadError.lengthMismatch(expected: expected, received: received)
                }
                do {
                    try handle.write(contentsOf: chunk)
                    check.update(chunk)
                    written = received
                } catch {
                    throw HTTPDownloadError.fileSystem(path: files.partial.path, underlying: error)
                }
                progress?(
                    HTTPTransferProgress(
                        bytesSent: 0, bytesExpectedToSend: 0, bytesReceived: received, bytesExpectedToReceive: expected)
                )
            }
            // A body that ends because the task was cancelled is cut short, whatever its length says.
            if Task.isCancelled, received != expected { throw CancellationError() }
            if let expected, received != expected {
                throw HTTPDownloadError.lengthMismatch(expected: expected, received: received)
            }
            if let completeLength, received != completeLength {
                throw HTTPDownloadError.lengthMismatch(expected: completeLength, received: received)
            }
            // Closed, not flushed to storage: an fsync would bound the download by the disk's write rate.
            do {
                try handle.close()
            } catch {
                throw HTTPDownloadError.fileSystem(path: files.partial.path, underlying: error)
            }
            try check.verify()
            guard let opened else {
                throw HTTPDownloadError.fileSystem(path: files.partial.path, underlying: POSIXError(.EBADF))
            }
            try files.commit(opened)
        } catch {
            try? handle.close()
            // The file at the partial file's path is another program's: it stays as it is.
            if case HTTPDownloadError.partialFileReplaced = error { throw error }
            // Bytes past the expected end are not a prefix of the file, a file of another digest is not the
            // file; anything else may be resumed from the bytes written so far.
            let resumable = !Self.isOverrun(error) && !DownloadDigestCheck.isMismatch(error)
            let kept = resumable ? record.flatMap { check.keeping($0, length: written, in: files) } : nil
            if kept == nil || (try? files.save(kept)) == nil { files.discardPartial() }
            if Task.isCancelled, Self.isCutShort(error) { throw CancellationError() }
            throw error
        }
    }

    /// Whether `error` is a body that ended before its known length, as one does when its transfer is stopped.
    private static func isCutShort(_ error: any Error) -> Bool {
        guard case HTTPBodyError.lengthMismatch(let expected, let received) = error else { return false }
        return received < expected
    }

    private static func isOverrun(_ error: any Error) -> Bool {
        switch error {
        case HTTPDownloadError.lengthMismatch(let expected, let received): received > expected
        case HTTPBodyError.lengthMismatch(let expected, let received): received > expected
        default: false
        }
    }

    /// The range of a 206 when it continues the partial file to the end: it starts at `offset` and ends
    /// at the last byte when the complete length is given.
    private static func continuation(of offset: Int64, in response: HTTPResponse) -> HTTPContentRange? {
        guard let value = response.headers?["Content-Range"], let range = try? HTTPContentRange(parsing: value),
            range.first == offset
        else { return nil }
        if let completeLength = range.completeLength, range.end != completeLength { return nil }
        if let length = contentLength(of: response), length != range.count { return nil }
        return range
    }

    /// The `Content-Length` of an unencoded response, when it is plain digits.
    private static func contentLength(of response: HTTPResponse) -> Int64? {
        let headers = response.headers ?? HTTPHeaders()
        if let encoding = headers["Content-Encoding"], encoding.lowercased() != "identity" { return nil }
        guard let value = headers["Content-Length"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty,
            value.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return Int64(value)
    }

    /// At most ``errorBodyPrefix`` bytes from the start of `body`; whatever arrived if reading fails.
    private static func prefix(of body: HTTPBody) async -> Data {
        var prefix = Data()
        do {
            for try await chunk in body {
                prefix.append(chunk.prefix(errorBodyPrefix - prefix.count))
                if prefix.count >= errorBodyPrefix { break }
            }
        } catch {
            return prefix
        }
        return prefix
    }
}
