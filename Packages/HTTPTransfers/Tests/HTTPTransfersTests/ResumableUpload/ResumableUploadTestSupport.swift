import Foundation
import HTTPClient
import HTTPClientTestSupport

@testable import HTTPTransfers

/// The creation endpoint the tests upload to: `POST v1/uploads` on a base URL with the path `/api`.
let creationRequest = TestRequest(method: .post, path: "uploads", version: "v1")
let creationURL = URL(string: "http://files.test/api/v1/uploads")

/// A creation answer with `location` that the creation URL answered.
func created(_ location: String, headers: HTTPHeaders = [:]) -> StreamedReply {
    StreamedReply(
        HTTPResponse(statusCode: 201, headers: headers.merging(["Location": location]), url: creationURL))
}

/// An answer with `statusCode` and `headers` and no body.
func answer(_ statusCode: Int, _ headers: HTTPHeaders = [:]) -> StreamedReply {
    StreamedReply(HTTPResponse(statusCode: statusCode, headers: headers))
}

/// An append cut by the network: the transport reports a lost connection.
func cut() -> StreamedReply {
    StreamedReply(
        HTTPResponse(statusCode: 204),
        steps: [.fail(HTTPTransportError.connectionLost(underlying: TransferInterrupted()))])
}

/// A folder holding `upload.bin` with `contents`, and an empty `records` folder beside it.
struct UploadFixture {
    let folder: TemporaryDirectory
    let file: URL
    let records: URL

    init(_ contents: Data) throws {
        folder = try TemporaryDirectory()
        file = try folder.file("upload.bin", contents: contents)
        records = folder.file("records")
        try FileManager.default.createDirectory(at: records, withIntermediateDirectories: false)
    }

    /// The names of the record files.
    func recordNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: records.path).sorted()
    }
}

/// Collects progress reports.
final class ProgressLog: Sendable {
    private let values = RecordedValues<Int64>()

    var report: @Sendable (HTTPTransferProgress) -> Void {
        { [values] progress in values.append(progress.bytesSent) }
    }

    var sent: [Int64] { values.values }
}
