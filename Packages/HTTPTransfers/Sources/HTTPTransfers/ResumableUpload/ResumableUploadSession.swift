import Foundation
import HTTPClient

/// One call of ``HTTPClient/HTTPClient/uploadResumably(_:to:using:records:progress:)``: creates or finds the
/// upload, then appends until the server holds the whole file.
struct ResumableUploadSession<Client: HTTPClient>: Sendable {
    /// Appends in a row that may fail without the server's offset moving before the upload gives up.
    static var stallLimit: Int { 3 }

    /// How long the upload waits before retrieving the offset after a second failed append in a row from the
    /// same offset: time for a server that still holds a cut append's lock to notice the cut (tuspyserver
    /// stalls its whole event loop while an append waits for that lock, so an append retried at once can keep
    /// it from ever noticing).
    static var retryDelay: Duration { .seconds(1) }

    let client: Client
    let exchange: ResumableUploadExchange
    let recordFile: ResumableUploadRecordFile
    let progress: UploadProgress

    private var file: UploadedFile { exchange.file }

    func run(creating request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        var record = try await reusableRecord()
        var knownOffset: Int64?  // the offset an append just confirmed, so no offset request is needed
        var startedOver = false
        var stalls = 0  // failed appends in a row that started from `stalledAt`
        var stalledAt: Int64 = -1
        var appendLimit: Int64?
        while true {
            try Task.checkCancellation()
            var current: ResumableUploadRecord
            let offset: Int64
            var afterResume = false  // the offset came from an offset answer, which may be stale
            if let existing = record, let known = knownOffset {
                current = existing
                offset = known
            } else if let existing = record {
                current = existing
                if stalls >= 2 { try await Task.sleep(for: Self.retryDelay) }
                let (response, status) = try await retrieveOffset(existing)
                if exchange.isGone(status) {
                    record = nil
                    try forgetUpload(goneWith: status, startedOver: &startedOver)
                    continue
                }
                afterResume = true
                offset = try exchange.offset(in: response)
                if offset < existing.confirmedOffset {
                    recordFile.remove()
                    throw ResumableUploadError.offsetMovedBackwards(confirmed: existing.confirmedOffset, server: offset)
                }
                appendLimit = exchange.appendLimit(in: response) ?? appendLimit
                if exchange.isComplete(response, offset: offset) {
                    recordFile.remove()
                    progress.reach(file.size)
                    return (Data(), response)
                }
            } else {
                let response: HTTPResponse
                (current, response) = try await create(request)
                appendLimit = exchange.appendLimit(in: response)
                offset = 0
            }
            if offset != current.confirmedOffset {
                current.confirmedOffset = offset
                try recordFile.save(current)
            }
            record = current
            progress.reach(offset)
            switch try await append(current, from: offset, limit: appendLimit, afterResume: afterResume) {
            case .completed(let data, let response):
                recordFile.remove()
                progress.reach(file.size)
                return (data, response)
            case .gone(let status):
                record = nil
                knownOffset = nil
                try forgetUpload(goneWith: status, startedOver: &startedOver)
            case .advanced(let next):
                stalls = 0
                knownOffset = next
            case .interrupted(let error):
                knownOffset = nil
                stalls = offset > stalledAt ? 1 : stalls + 1
                stalledAt = offset
                if stalls >= Self.stallLimit {
                    throw ResumableUploadError.stalled(attempts: stalls, underlying: error)
                }
            }
        }
    }

    /// Removes the record of an upload the server no longer holds, so the next round starts a new one.
    /// - Throws: ``ResumableUploadError/uploadExpired(statusCode:)`` when the upload already started over once.
    private func forgetUpload(goneWith status: HTTPStatusCode, startedOver: inout Bool) throws {
        recordFile.remove()
        if startedOver { throw ResumableUploadError.uploadExpired(statusCode: status) }
        startedOver = true
    }

    /// The stored record when it describes the file as it is; a record of a changed file has its upload
    /// deleted on the server and is removed.
    private func reusableRecord() async throws -> ResumableUploadRecord? {
        guard let record = recordFile.load() else { return nil }
        if record.uploadProtocol == exchange.uploadProtocol.recordName, record.describes(file) { return record }
        recordFile.remove()
        let cancel = UploadResourceRequest(.delete, record.address, headers: exchange.protocolHeaders)
        _ = try? await client.load(request: cancel)
        return nil
    }

    private func create(_ request: any HTTPRequest) async throws -> (ResumableUploadRecord, HTTPResponse) {
        let (body, response) = try await client.load(request: exchange.creation(request))
        let location = try exchange.location(from: response, body: body)
        let address = try UploadAddress(location: location, request: request, answeredURL: response.url)
        let record = ResumableUploadRecord(address: address, uploadProtocol: exchange.uploadProtocol, file: file)
        if let limit = exchange.sizeLimit(in: response), file.size > limit {
            _ = try? await client.load(
                request: UploadResourceRequest(.delete, address, headers: exchange.protocolHeaders))
            throw ResumableUploadError.limitExceeded(limit: limit, fileSize: file.size)
        }
        try recordFile.save(record)
        return (record, response)
    }

    /// The offset answer and its status; a status other than 2xx or one saying the upload is gone throws.
    private func retrieveOffset(_ record: ResumableUploadRecord) async throws -> (HTTPResponse, HTTPStatusCode) {
        let request = UploadResourceRequest(.head, record.address, headers: exchange.offsetHeaders)
        let (body, response) = try await client.load(request: request)
        let status = response.statusCode
        guard (200..<300).contains(status) || exchange.isGone(status) else {
            throw HTTPError.httpCode(statusCode: status, data: body)
        }
        return (response, status)
    }

    enum AppendOutcome {
        case completed(Data, HTTPResponse)
        case advanced(to: Int64)
        case interrupted(any Error)
        /// The server no longer holds the upload.
        case gone(HTTPStatusCode)
    }

    /// Appends the bytes from `offset`; `afterResume` sends them only once the server accepts the offset
    /// (see ``ResumableUploadExchange/appendHeaders(offset:last:afterResume:)``).
    private func append(
        _ record: ResumableUploadRecord, from offset: Int64, limit: Int64?, afterResume: Bool
    ) async throws -> AppendOutcome {
        // `offset` is at most the file's size, so the bytes left fit, and so does the offset after them.
        let end = limit.map { offset + min(file.size - offset, max(1, $0)) } ?? file.size
        let last = end == file.size
        let request = UploadResourceRequest(
            .patch, record.address,
            headers: exchange.appendHeaders(offset: offset, last: last, afterResume: afterResume))
        let body = FileSliceChunks(file: file, range: offset..<end).body
        let answer: (Data, HTTPResponse)
        do {
            answer = try await client.stream(
                request: request, body: body, progress: progress.forAppend(from: offset)
            ) { response, body in (try await body.collect(upTo: 1024 * 1024), response) }
        } catch let error as HTTPTransportError where error.kind != .cancelled {
            return .interrupted(error)
        }
        let (data, response) = answer
        let status = response.statusCode
        if ResumableUploadExchange.retrievesOffsetAgain(after: status) {
            return .interrupted(HTTPError.httpCode(statusCode: status, data: data))
        }
        if exchange.isGone(status) { return .gone(status) }
        guard (200..<300).contains(response.statusCode) else {
            throw HTTPError.httpCode(statusCode: response.statusCode, data: data)
        }
        let next = (try? exchange.offset(in: response)) ?? end
        if last, exchange.isComplete(response, offset: next) || exchange.uploadProtocol == .draft {
            return .completed(data, response)
        }
        return next > offset
            ? .advanced(to: next) : .interrupted(HTTPError.httpCode(statusCode: response.statusCode, data: data))
    }
}
