// Target `upload-offset`: a resumable upload (HTTPClient.uploadResumably and ResumableUploadSession) whose
// server states the input's offsets and limits.
// The input is newline-separated fields: the file's size (at most 4096), the protocol (`tus`, else the draft),
// the creation answer's `Upload-Limit`, then up to eight answers, each `STATUS|Upload-Offset|Upload-Limit|
// Upload-Complete` (a status of 0 is a cut connection; empty parts are left out).
// Properties: the upload never traps; it completes or throws the workflow's own errors (ResumableUploadError,
// HTTPError, HTTPBodyError, HTTPTransportError) or the script's end; every append starts inside the file and
// sends exactly the file's bytes from its `Upload-Offset`, never past the file's end.

import Foundation
import HTTPClient

@testable import HTTPTransfers

/// A folder of this process's own, removed when libFuzzer exits.
let uploadFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-upload-\(getpid())")
    try? FileManager.default.createDirectory(
        at: folder.appendingPathComponent("records"), withIntermediateDirectories: true)
    atexit { removeScratchFolder() }
    return folder
}()

private func removeScratchFolder() {
    try? FileManager.default.removeItem(at: uploadFolder)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fields = FuzzInput(data, size).fields(11)
    let fileSize = Int(max(0, min(fuzzNumber(fields[0]) ?? 1000, 4096)))
    let uploadProtocol: ResumableUploadProtocol = fields[1] == "tus" ? .tus : .draft
    let file = uploadFolder.appendingPathComponent("upload.bin")
    let records = uploadFolder.appendingPathComponent("records")
    let content = fuzzFileBytes(0..<fileSize)
    guard (try? content.write(to: file)) != nil else { return 0 }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: records.path)) ?? [] {
        try? FileManager.default.removeItem(at: records.appendingPathComponent(name))
    }
    var creationHeaders: HTTPHeaders = ["Location": "/v1/uploads/a", "Tus-Resumable": "1.0.0"]
    if let limit = fields[2], !limit.isEmpty { creationHeaders["Upload-Limit"] = limit }
    var replies = [FuzzReply(response: HTTPResponse(statusCode: 201, headers: creationHeaders), body: Data())]
    replies += fields[3...].compactMap { $0 }.map(answer)
    let client = ScriptedFuzzClient(replies)
    let outcome: (any Error)? = runBlocking {
        do {
            _ = try await client.uploadResumably(
                file, to: FuzzCreationRequest(), using: uploadProtocol, records: records)
            return nil
        } catch {
            return error
        }
    }
    for (request, body) in client.requests where request.method == .patch {
        let offset = request.headers?["Upload-Offset"].flatMap(fuzzDigits)
        check(offset.map { $0 >= 0 && $0 <= Int64(fileSize) } == true, "an append from \(String(describing: offset))")
        guard let offset, let body else { continue }
        let start = Int(offset)
        check(start + body.count <= fileSize, "an append of \(body.count) bytes from \(offset) of \(fileSize)")
        check(body == content.subdata(in: start..<min(fileSize, start + body.count)), "an append of other bytes")
    }
    if let outcome {
        let expected =
            outcome is ResumableUploadError || outcome is HTTPError || outcome is HTTPBodyError
            || outcome is HTTPTransportError || outcome is FuzzScriptExhausted
        check(expected, "unexpected error \(outcome)")
    }
    return 0
}

/// An answer from `STATUS|Upload-Offset|Upload-Limit|Upload-Complete`; a status of 0 cuts the connection.
private func answer(_ line: String) -> FuzzReply {
    let parts = line.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
    func part(_ index: Int) -> String? { index < parts.count && !parts[index].isEmpty ? parts[index] : nil }
    let status = part(0).flatMap { Int($0) } ?? 204
    guard status != 0 else { return FuzzReply(response: nil, body: Data()) }
    var headers: HTTPHeaders = ["Tus-Resumable": "1.0.0"]
    headers["Upload-Offset"] = part(1)
    headers["Upload-Limit"] = part(2)
    headers["Upload-Complete"] = part(3)
    return FuzzReply(
        response: HTTPResponse(statusCode: (100...599).contains(status) ? status : 204, headers: headers), body: Data())
}

/// `POST v1/uploads`.
struct FuzzCreationRequest: HTTPRequest {
    let method: HTTPMethod = .post
    let path: HTTPPath = "uploads"
    let version: HTTPVersion = "v1"
    let headers: HTTPHeaders? = nil
    let queryParameter: HTTPQueryParameter? = nil
}
