import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

struct ResumableUploadCancelTests {
    private let file = sampleBytes(10_000)

    /// Starts an upload whose append is cut three times in a row, which leaves its record behind.
    private func interruptedUpload(
        _ fixture: UploadFixture, _ uploadProtocol: ResumableUploadProtocol, request: TestRequest = creationRequest
    ) async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/abc", headers: ["Tus-Resumable": "1.0.0"]),
            cut(), answer(uploadProtocol == .draft ? 204 : 200, ["Upload-Offset": "0", "Upload-Length": "10000"]),
            cut(), answer(uploadProtocol == .draft ? 204 : 200, ["Upload-Offset": "0", "Upload-Length": "10000"]),
            cut(),
        ])
        await #expect(throws: ResumableUploadError.self) {
            try await client.uploadResumably(fixture.file, to: request, using: uploadProtocol, records: fixture.records)
        }
    }

    @Test(arguments: [ResumableUploadProtocol.draft, .tus])
    func cancelDeletesTheUploadAndItsRecord(uploadProtocol: ResumableUploadProtocol) async throws {
        let fixture = try UploadFixture(file)
        var request = creationRequest
        request.headers = ["Authorization": "Bearer t", "Content-Disposition": "attachment; filename=\"x\""]
        try await interruptedUpload(fixture, uploadProtocol, request: request)
        #expect(uploadProtocol.hasRecord(of: fixture.file, to: request, in: fixture.records))
        let client = StreamingScriptedHTTPClient(replies: [answer(204)])

        let cancelled = try await client.cancelResumableUpload(
            fixture.file, to: request, using: uploadProtocol, records: fixture.records)

        #expect(cancelled)
        let sent = try #require(await client.requests.first?.request)
        #expect(sent.method == .delete && sent.path == "v1/uploads/abc" && sent.version == "")
        #expect(sent.headers?["Authorization"] == "Bearer t")
        #expect(sent.headers?["Content-Disposition"] == nil)
        if uploadProtocol == .tus {
            #expect(sent.headers?["Tus-Resumable"] == "1.0.0")
        } else {
            #expect(sent.headers?["Upload-Draft-Interop-Version"] == "8")
        }
        #expect(try fixture.recordNames().isEmpty)
        #expect(!uploadProtocol.hasRecord(of: fixture.file, to: request, in: fixture.records))
    }

    @Test func withoutARecordNothingIsSent() async throws {
        let fixture = try UploadFixture(file)
        try await interruptedUpload(fixture, .draft)
        let client = StreamingScriptedHTTPClient(replies: [])

        let cancelled = try await client.cancelResumableUpload(
            fixture.file, to: creationRequest, using: .tus, records: fixture.records)

        #expect(!cancelled)
        #expect(await client.requests.isEmpty)
        #expect(!ResumableUploadProtocol.tus.hasRecord(of: fixture.file, to: creationRequest, in: fixture.records))
        #expect(ResumableUploadProtocol.draft.hasRecord(of: fixture.file, to: creationRequest, in: fixture.records))
    }

    @Test func anUploadTheServerNoLongerHoldsCountsAsCancelled() async throws {
        let fixture = try UploadFixture(file)
        try await interruptedUpload(fixture, .tus)
        let client = StreamingScriptedHTTPClient(replies: [answer(404)])

        #expect(
            try await client.cancelResumableUpload(
                fixture.file, to: creationRequest, using: .tus, records: fixture.records))
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test func aRefusedCancelKeepsTheRecord() async throws {
        let fixture = try UploadFixture(file)
        try await interruptedUpload(fixture, .draft)
        let client = StreamingScriptedHTTPClient(replies: [answer(503)])

        await #expect(throws: HTTPError.self) {
            try await client.cancelResumableUpload(
                fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }
        #expect(try fixture.recordNames().count == 1)
    }
}
