import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

/// Numbers a server states at the edge of 63 bits: an upload goes on or throws, never traps.
struct ResumableUploadExtremeNumberTests {
    private let file = sampleBytes(10_000)
    private let largest = "9223372036854775807"

    @Test func anAppendLimitOfTheLargestNumberAfterAResumeSendsTheRest() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/a", headers: ["Upload-Limit": "max-append-size=\(largest)"]),
            cut(),
            answer(
                204, ["Upload-Offset": "4000", "Upload-Complete": "?0", "Upload-Limit": "max-append-size=\(largest)"]),
            answer(204, ["Upload-Offset": "10000", "Upload-Complete": "?1"]),
        ])

        _ = try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .head, .patch])
        #expect(requests[3].request.headers?["Upload-Offset"] == "4000")
        #expect(requests[3].request.headers?["Upload-Complete"] == "?1")
        #expect(requests[3].body == file.suffix(6_000))
    }

    @Test(arguments: ["-5", "+4000"])
    func anAppendLimitThatIsNotPlainDigitsIsIgnored(limit: String) async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/a", headers: ["Upload-Limit": "max-append-size=\(limit)"]),
            answer(204, ["Upload-Offset": "10000", "Upload-Complete": "?1"]),
        ])

        _ = try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)

        #expect(await client.requests.last?.body == file)
    }

    @Test func anOffsetWithASignIsAnInvalidOffset() async throws {
        let offset = "+10"
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/a"), cut(),
            answer(204, ["Upload-Offset": offset, "Upload-Complete": "?0"]),
        ])

        let error = await #expect(throws: ResumableUploadError.self) {
            _ = try await client.uploadResumably(
                fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }

        guard case .invalidOffset(offset) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }
}
