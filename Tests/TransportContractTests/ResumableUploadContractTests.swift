import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers
import Testing

/// `uploadResumably` over each transport and each protocol against the dev server's Files API: a connection
/// the server cuts mid-append is resumed from the server's offset, and an upload stopped by the caller
/// continues in the next call from its record.
@Suite("Contract: resumable uploads", .timeLimit(.minutes(2)))
struct ResumableUploadContractTests {
    private static let size = 3 * 1024 * 1024 + 5
    private static let cut = 1024 * 1024
    private static let options = ClientOptions(requestTimeout: 5)

    @Test(
        "appends cut by the server resume from its offset in the same call",
        arguments: Transport.allCases, [ResumableUploadProtocol.draft, .tus])
    func resumesCutAppends(transport: Transport, uploadProtocol: ResumableUploadProtocol) async throws {
        let folder = try TemporaryDirectory(prefix: "contract-upload")
        try await FilesServer.run(transport) { server in
            let (file, expected) = try Self.file(in: folder)
            // On Linux, URLSession waits for its request timeout when the server drops a body sent on a reused
            // connection (the URLSessionInfrastructure platform notes), so it meets a single cut here, and every
            // client has a short timeout that turns that wait into a `.timedOut` the upload resumes from.
            let cuts = transport == .curl ? 3 : 1
            try await server.contract.admin.post(
                "uploads-cut", json: "{\"after_bytes\":\(Self.cut),\"count\":\(cuts)}")
            let progress = ProgressLog()

            _ = try await server.client(Self.options).uploadResumably(
                file, to: server.creation(uploadProtocol), using: uploadProtocol, records: folder.url,
                progress: progress.callback)

            #expect(try SHA256Sum.hex(contentsOf: server.folder.appendingPathComponent("upload.bin")) == expected)
            let counters = try await server.contract.admin.counters()
            #expect(counters["uploads.cut"] == cuts)
            #expect(counters["uploads.created"] == 1, "every cut resumed the same upload")
            // URLSession may lose one more append to a dead pooled connection, which resumes the same way.
            #expect(Self.count(counters, prefix: "route:PATCH ") >= cuts + 1)
            #expect(Self.count(counters, prefix: "route:HEAD ") >= cuts)
            #expect(progress.latest.bytesSent == Int64(Self.size))
            progress.expectMonotonic()
            #expect(try folder.contents() == ["upload.bin"], "the record is gone once the upload completes")
        }
    }

    @Test(
        "an upload stopped by the caller continues in the next call, sending only the rest",
        arguments: Transport.allCases, [ResumableUploadProtocol.draft, .tus])
    func resumesInTheNextCall(transport: Transport, uploadProtocol: ResumableUploadProtocol) async throws {
        let folder = try TemporaryDirectory(prefix: "contract-upload")
        try await FilesServer.run(transport) { server in
            let (file, expected) = try Self.file(in: folder)
            try await server.contract.admin.post("uploads-cut", json: "{\"after_bytes\":\(Self.cut)}")
            let client = try server.client(Self.options)
            await #expect(throws: CancellationError.self) {
                try await StoppingAtOffsetRequest(base: client).uploadResumably(
                    file, to: server.creation(uploadProtocol), using: uploadProtocol, records: folder.url)
            }
            #expect(try folder.contents().count == 2, "the file and its record")
            let progress = ProgressLog()

            _ = try await client.uploadResumably(
                file, to: server.creation(uploadProtocol), using: uploadProtocol, records: folder.url,
                progress: progress.callback)

            #expect(try SHA256Sum.hex(contentsOf: server.folder.appendingPathComponent("upload.bin")) == expected)
            #expect(progress.values.first?.bytesSent == Int64(Self.cut), "only the bytes after the offset")
            #expect(progress.latest.bytesSent == Int64(Self.size))
            let counters = try await server.contract.admin.counters()
            #expect(counters["uploads.created"] == 1, "the next call continued the same upload")
        }
    }

    @Test(
        "an append from a stale offset after a cut costs no body: the 409 comes before it",
        arguments: Transport.allCases, [ResumableUploadProtocol.draft, .tus])
    func aStaleOffsetCostsNoBody(transport: Transport, uploadProtocol: ResumableUploadProtocol) async throws {
        let folder = try TemporaryDirectory(prefix: "contract-upload")
        try await FilesServer.run(transport) { server in
            let (file, expected) = try Self.file(in: folder)
            // The cut leaves the upload stating offset 0 to the next HEAD, as tusd and tuspyserver do while they
            // still hold the cut append's lock; the append from 0 gets 409, the next HEAD states the real offset.
            try await server.contract.admin.post("uploads-stale-offset")
            try await server.contract.admin.post("uploads-cut", json: "{\"after_bytes\":\(Self.cut)}")

            _ = try await server.client(Self.options).uploadResumably(
                file, to: server.creation(uploadProtocol), using: uploadProtocol, records: folder.url)

            #expect(try SHA256Sum.hex(contentsOf: server.folder.appendingPathComponent("upload.bin")) == expected)
            let admin = try server.contract.admin
            try await admin.waitUntil("uploads.rejected", reaches: 1)
            #expect(try await admin.count("uploads.stale-offset") == 1)
            #expect(try await admin.count("uploads.rejected-bytes") == 0, "no body went into the 409")
            #expect(try await admin.count("uploads.bytes") == Self.size, "no byte staged twice")
        }
    }

    /// `upload.bin` of ``size`` pattern bytes in `folder`, and its SHA-256.
    private static func file(in folder: TemporaryDirectory) throws -> (URL, String) {
        let file = folder.file("upload.bin")
        try PatternFile.write(to: file, size: size, salt: 3)
        return (file, try SHA256Sum.hex(contentsOf: file))
    }

    private static func count(_ counters: [String: Int], prefix: String) -> Int {
        counters.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +)
    }
}

extension FilesServer {
    /// The creation endpoint of `uploadProtocol` with the access token: `POST /v1/uploads` or `/v1/tus/`.
    func creation(_ uploadProtocol: ResumableUploadProtocol) -> TestRequest {
        TestRequest(
            method: .post, path: uploadProtocol == .draft ? "uploads" : "tus/", version: "v1",
            headers: ["Authorization": "Bearer \(token)"])
    }
}

/// Passes every call to `base` but throws `CancellationError` for an offset request (`HEAD`): a caller that
/// stops an upload as it is about to resume.
private struct StoppingAtOffsetRequest: HTTPClient {
    let base: any HTTPClient

    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        if request.method == .head { throw CancellationError() }
        return try await base.load(request: request)
    }

    func stream<Result: Sendable>(
        request: HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        try await base.stream(request: request, body: body, progress: progress, receive: receive)
    }
}
