import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

/// Appends from an offset the server stated after a cut, which may be stale: they wait for the server to accept
/// the offset before sending their body, and a conflict retrieves the offset again.
struct ResumableUploadStaleOffsetTests {
    private let file = sampleBytes(10_000)

    @Test(arguments: [ResumableUploadProtocol.draft, .tus])
    func onlyAnAppendFromAStatedOffsetExpects100Continue(uploadProtocol: ResumableUploadProtocol) async throws {
        let fixture = try UploadFixture(file)
        let offsetStatus = uploadProtocol == .draft ? 204 : 200
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/abc", headers: ["Tus-Resumable": "1.0.0"]),
            cut(),
            answer(offsetStatus, ["Upload-Offset": "4000", "Upload-Length": "10000"]),
            answer(409),
            answer(offsetStatus, ["Upload-Offset": "6000", "Upload-Length": "10000"]),
            answer(204, ["Upload-Offset": "10000", "Upload-Complete": "?1"]),
        ])

        _ = try await client.uploadResumably(
            fixture.file, to: creationRequest, using: uploadProtocol, records: fixture.records)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .head, .patch, .head, .patch])
        #expect(requests[1].request.headers?["Expect"] == nil, "the first append follows the creation")
        #expect(requests[3].request.headers?["Expect"] == "100-continue")
        #expect(requests[5].request.headers?["Expect"] == "100-continue")
        #expect(requests[5].request.headers?["Upload-Offset"] == "6000")
        #expect(requests[5].body == file.suffix(from: 6_000))
    }

    @Test func anAppendAfterAConfirmedOneDoesNotExpect100Continue() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/abc", headers: ["Upload-Limit": "max-append-size=6000"]),
            answer(204, ["Upload-Offset": "6000", "Upload-Complete": "?0"]),
            answer(200, ["Upload-Offset": "10000", "Upload-Complete": "?1"]),
        ])

        _ = try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .patch])
        #expect(requests.allSatisfy { $0.request.headers?["Expect"] == nil })
    }

    @Test(arguments: [423, 503])
    func aLockedOrUnavailableAnswerToAnAppendRetrievesTheOffsetAgain(status: Int) async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/tus/a", headers: ["Tus-Resumable": "1.0.0"]),
            answer(status),
            answer(200, ["Upload-Offset": "300", "Upload-Length": "10000"]),
            answer(204, ["Upload-Offset": "10000"]),
        ])

        _ = try await client.uploadResumably(fixture.file, to: creationRequest, using: .tus, records: fixture.records)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .head, .patch])
        #expect(requests[3].body == file.suffix(from: 300))
        #expect(try fixture.recordNames().isEmpty)
    }
}
