import Foundation
import HTTPClient

/// The requests and answers of one protocol: the headers each step sends and what the answers mean.
struct ResumableUploadExchange: Sendable {
    let uploadProtocol: ResumableUploadProtocol
    let file: UploadedFile
    /// The creation request's headers that follow-up requests carry too (`Authorization`, say).
    let inheritedHeaders: HTTPHeaders

    /// Fields of the creation request that describe its body or the new upload, which follow-up requests
    /// never inherit.
    static let creationOnlyFields: Set<String> = [
        "content-type", "content-length", "content-disposition", "transfer-encoding", "upload-metadata",
        "upload-length", "upload-complete", "upload-offset",
    ]

    init(uploadProtocol: ResumableUploadProtocol, file: UploadedFile, request: any HTTPRequest) {
        self.uploadProtocol = uploadProtocol
        self.file = file
        inheritedHeaders = Self.inheritedHeaders(of: request)
    }

    /// Headers every follow-up request carries: the inherited ones and the protocol's version.
    var protocolHeaders: HTTPHeaders { Self.protocolHeaders(uploadProtocol, inherited: inheritedHeaders) }

    /// The headers of `request` that follow-up requests inherit.
    static func inheritedHeaders(of request: any HTTPRequest) -> HTTPHeaders {
        HTTPHeaders(
            (request.headers ?? HTTPHeaders()).filter { !creationOnlyFields.contains($0.name.lowercased()) }
                .map { ($0.name, $0.value) })
    }

    /// `inherited` with the version header of `uploadProtocol`.
    static func protocolHeaders(_ uploadProtocol: ResumableUploadProtocol, inherited: HTTPHeaders) -> HTTPHeaders {
        switch uploadProtocol {
        case .draft:
            inherited.merging(["Upload-Draft-Interop-Version": String(ResumableUploadProtocol.draftInteropVersion)])
        case .tus: inherited.merging(["Tus-Resumable": ResumableUploadProtocol.tusVersion])
        }
    }

    /// The creation request: `request` with the protocol's headers and an empty body. The draft's creation
    /// sends no bytes (`Upload-Complete: ?0`), so the upload URL arrives before any byte can be lost; the file
    /// name goes in `Content-Disposition` (draft) or `Upload-Metadata` (tus) unless `request` sets it.
    func creation(_ request: any HTTPRequest) -> ModifiedRequest {
        var headers = protocolHeaders
        let name = file.url.lastPathComponent
        switch uploadProtocol {
        case .draft:
            headers["Upload-Complete"] = "?0"
            headers["Upload-Length"] = String(file.size)
            if request.headers?["Content-Disposition"] == nil {
                headers["Content-Disposition"] = "attachment" + MultipartForm.filenameParameters(name)
            }
        case .tus:
            headers["Upload-Length"] = String(file.size)
            if request.headers?["Upload-Metadata"] == nil {
                headers["Upload-Metadata"] = "filename " + Data(name.utf8).base64EncodedString()
            }
        }
        var withoutBody = ModifiedRequest(request)
        withoutBody.body = nil
        return withoutBody.settingHeaders(headers)
    }

    /// Checks the creation answer: the `Location` for a supported protocol, else the reason it is not.
    func location(from response: HTTPResponse, body: Data) throws -> String {
        let status = response.statusCode
        if [404, 405, 412, 415, 501].contains(status) {
            throw ResumableUploadError.protocolNotSupported(uploadProtocol, statusCode: status)
        }
        if status == 413 { throw ResumableUploadError.limitExceeded(limit: nil, fileSize: file.size) }
        guard (200..<300).contains(status) else { throw HTTPError.httpCode(statusCode: status, data: body) }
        let speaks =
            switch uploadProtocol {
            case .draft: true
            case .tus: response.headers?["Tus-Resumable"] != nil
            }
        guard speaks, let location = response.headers?["Location"], !location.isEmpty else {
            throw ResumableUploadError.protocolNotSupported(uploadProtocol, statusCode: status)
        }
        return location
    }

    /// The server's `max-size` from a draft `Upload-Limit`, or `nil`.
    func sizeLimit(in response: HTTPResponse) -> Int64? {
        limit(named: "max-size", in: response)
    }

    /// The server's `max-append-size` from a draft `Upload-Limit`, or `nil`.
    func appendLimit(in response: HTTPResponse) -> Int64? {
        limit(named: "max-append-size", in: response)
    }

    /// The limit `name` of a draft `Upload-Limit` when it is plain digits that fit in 63 bits; a negative,
    /// signed or larger value is ignored, like a missing one.
    private func limit(named name: String, in response: HTTPResponse) -> Int64? {
        guard uploadProtocol == .draft, let value = response.headers?["Upload-Limit"] else { return nil }
        for item in value.split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0] == name, let limit = Self.digits(pair[1]) { return limit }
        }
        return nil
    }

    /// The offset request's headers.
    var offsetHeaders: HTTPHeaders { protocolHeaders }

    /// The server's offset in an answer, checked against the file's size.
    /// - Throws: ``ResumableUploadError/invalidOffset(_:)``.
    func offset(in response: HTTPResponse) throws -> Int64 {
        let value = response.headers?["Upload-Offset"]
        guard let value, let offset = Self.digits(value.trimmingCharacters(in: .whitespaces)), offset <= file.size
        else { throw ResumableUploadError.invalidOffset(value) }
        return offset
    }

    /// `text` as a number when it is plain ASCII digits that fit in 63 bits, else `nil`.
    private static func digits(_ text: String) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }

    /// Whether `status`, to an offset request or an append, says the server no longer holds the upload:
    /// `404` or `410`, and for tus also `403`, which tus lets a server answer for an upload it does not hold.
    func isGone(_ status: HTTPStatusCode) -> Bool {
        uploadProtocol.goneStatuses.contains(status)
    }

    /// Whether an append's `status` asks for the offset to be retrieved again before the next append: `409`
    /// (the offset is not the server's), `423` (the server still holds the upload's lock for an earlier
    /// append), or `503` (it cannot take the append now; tuspyserver answers so when it gave up waiting for
    /// the lock of an append whose connection was cut).
    static func retrievesOffsetAgain(after status: HTTPStatusCode) -> Bool {
        status == 409 || status == 423 || status == 503
    }

    /// Whether an answer says the upload is complete on the server.
    func isComplete(_ response: HTTPResponse, offset: Int64) -> Bool {
        switch uploadProtocol {
        case .draft: response.headers?["Upload-Complete"]?.trimmingCharacters(in: .whitespaces) == "?1"
        case .tus: offset == file.size
        }
    }

    /// The append request's headers for bytes from `offset`; `last` says whether they end the file.
    /// `afterResume` (an offset the server stated in an offset answer, which may be stale) adds
    /// `Expect: 100-continue`, so the body goes out only once the server accepts the offset: a `409` costs no
    /// body, after at most the transport's wait for `100 Continue`.
    func appendHeaders(offset: Int64, last: Bool, afterResume: Bool) -> HTTPHeaders {
        var headers = protocolHeaders
        headers["Upload-Offset"] = String(offset)
        if afterResume { headers["Expect"] = "100-continue" }
        switch uploadProtocol {
        case .draft:
            headers["Content-Type"] = "application/partial-upload"
            headers["Upload-Complete"] = last ? "?1" : "?0"
        case .tus:
            headers["Content-Type"] = "application/offset+octet-stream"
        }
        return headers
    }
}
