// Target `download-resume`: a download that resumes a partial file (HTTPClient.download and DownloadAttempt),
// answered with the input's numbers.
// The input is newline-separated fields: the partial file's size (at most 4096 bytes are written; a larger or
// unreadable value means no partial file), the recorded complete length, then the answer's status, its
// `Content-Range`, its `Content-Length` and its body's size (at most 8192), then a second answer's status,
// `Content-Length` and body size, for a download that starts over. Empty fields are left out.
// Properties: the download never traps; it completes or throws the workflow's own errors (HTTPDownloadError,
// HTTPError, HTTPBodyError) or the script's end; a completed file holds exactly the bytes of the file it
// continues (byte i is i % 251), as long as its last answer's `Content-Length` or `Content-Range` says; a
// resumed request asks for the partial file's size.

import Foundation
import HTTPClient
import HTTPClientSupport

@testable import HTTPTransfers

/// A folder of this process's own, removed when libFuzzer exits.
let downloadFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-download-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { removeScratchFolder() }
    return folder
}()

private func removeScratchFolder() {
    try? FileManager.default.removeItem(at: downloadFolder)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fields = FuzzInput(data, size).fields(9)
    let destination = downloadFolder.appendingPathComponent("file")
    let files = DownloadFiles(destination: destination)
    files.discardPartial()
    try? FileManager.default.removeItem(at: destination)
    let request = FuzzDownloadRequest()
    var resumedFrom: Int64 = 0
    if let kept = fuzzNumber(fields[0]), (1...4096).contains(kept) {
        let bytes = fuzzFileBytes(0..<Int(kept))
        try? bytes.write(to: files.partial)
        var hash = SHA256()
        hash.update(bytes)
        let record = DownloadResumeRecord(
            resource: DownloadResumeRecord.resource(of: request), validator: "\"e\"",
            completeLength: fuzzNumber(fields[1]), keptLength: kept, keptSHA256: HTTPDigest.hex(hash.finalize()))
        try? files.save(record)
        resumedFrom = kept
    }
    let first = reply(status: fields[2], contentRange: fields[3], contentLength: fields[4], bodySize: fields[5])
    let second = reply(status: fields[6], contentRange: nil, contentLength: fields[7], bodySize: fields[8])
    let client = ScriptedFuzzClient([first, second])
    let outcome: Result<HTTPResponse, any Error> = runBlocking {
        do {
            return .success(try await client.download(request: request, to: destination))
        } catch {
            return .failure(error)
        }
    }
    let asked = client.requests.first?.0.headers?["Range"]
    check(asked == (resumedFrom > 0 ? "bytes=\(resumedFrom)-" : nil), "asked for \(String(describing: asked))")
    switch outcome {
    case .success(let response):
        // Read through a handle: `Data(contentsOf:)` leaks a buffer under the leak checker.
        let written = (try? FileHandle(forReadingFrom: destination)).flatMap { try? $0.readToEnd() } ?? Data()
        check(written == fuzzFileBytes(0..<written.count), "the file holds other bytes")
        if let length = response.headers?["Content-Length"].flatMap(fuzzDigits), response.statusCode != 206 {
            check(Int64(written.count) == length, "\(written.count) bytes for Content-Length \(length)")
        }
        if response.statusCode == 206, let range = response.headers?["Content-Range"],
            let parsed = try? HTTPContentRange(parsing: range), let last = parsed.last
        {
            check(Int64(written.count) == last + 1, "\(written.count) bytes for Content-Range \(range)")
        }
    case .failure(let error):
        let expected =
            error is HTTPDownloadError || error is HTTPError || error is HTTPBodyError || error is FuzzScriptExhausted
            || error is HTTPTransportError
        check(expected, "unexpected error \(error)")
    }
    return 0
}

/// An answer with the input's status, fields and body size; the body is the file's bytes from the start, or from
/// the first byte of the `Content-Range` of a 206.
private func reply(status: String?, contentRange: String?, contentLength: String?, bodySize: String?) -> FuzzReply {
    let code = status.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 200
    let start = code == 206 ? (contentRange.flatMap { try? HTTPContentRange(parsing: $0) }?.first ?? 0) : 0
    var headers: HTTPHeaders = ["ETag": "\"e\""]
    if let contentRange, !contentRange.isEmpty { headers["Content-Range"] = contentRange }
    if let contentLength, !contentLength.isEmpty { headers["Content-Length"] = contentLength }
    let count = Int(max(0, min(fuzzNumber(bodySize) ?? 0, 8192)))
    let first = Int(max(0, min(start, 1 << 20)))
    return FuzzReply(
        response: HTTPResponse(statusCode: (100...599).contains(code) ? code : 200, headers: headers),
        body: fuzzFileBytes(first..<(first + count)))
}

/// `GET v1/file`.
struct FuzzDownloadRequest: HTTPRequest {
    let method: HTTPMethod = .get
    let path: HTTPPath = "file"
    let version: HTTPVersion = "v1"
    let headers: HTTPHeaders? = nil
    let queryParameter: HTTPQueryParameter? = nil
}
