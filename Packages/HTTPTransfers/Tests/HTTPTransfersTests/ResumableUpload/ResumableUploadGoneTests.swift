import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

/// An upload the server no longer holds: `404` or `410`, and for tus `403`, to an offset request or an append
/// starts over once; a cancellation it answers so removes the record.
struct ResumableUploadGoneTests {
    private let file = sampleBytes(10_000)
    private let tus: HTTPHeaders = ["Tus-Resumable": "1.0.0"]

    @Test(arguments: [403, 404, 410])
    func aTusUploadGoneAtTheOffsetRequestStartsOverOnce(status: Int) async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/tus/a", headers: tus), cut(), answer(status),
            created("http://files.test/api/v1/tus/b", headers: tus), answer(204, ["Upload-Offset": "10000"]),
        ])

        _ = try await client.uploadResumably(fixture.file, to: creationRequest, using: .tus, records: fixture.records)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .head, .post, .patch])
        #expect(requests[4].request.path == "v1/tus/b")
        #expect(requests[4].body == file)
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test(arguments: [403, 404, 410])
    func aTusUploadGoneAtAnAppendStartsOverOnce(status: Int) async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/tus/a", headers: tus), answer(status),
            created("http://files.test/api/v1/tus/b", headers: tus), answer(204, ["Upload-Offset": "10000"]),
        ])

        _ = try await client.uploadResumably(fixture.file, to: creationRequest, using: .tus, records: fixture.records)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .post, .patch])
        #expect(requests[3].request.path == "v1/tus/b")
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test func aTusUploadGoneTwiceThrowsAndLeavesNoRecord() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/tus/a", headers: tus), cut(), answer(403),
            created("http://files.test/api/v1/tus/b", headers: tus), answer(403),
        ])

        let error = await #expect(throws: ResumableUploadError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .tus, records: fixture.records)
        }

        guard case .uploadExpired(statusCode: 403) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test func a403ToADraftOffsetRequestIsAnErrorThatKeepsTheRecord() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/a"), cut(), answer(403),
        ])

        await #expect(throws: HTTPError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }

        #expect(await client.requests.map(\.request.method) == [.post, .patch, .head])
        #expect(try fixture.recordNames().count == 1)
    }

    @Test func cancellingATusUploadTheServerAnswers403ForRemovesTheRecord() async throws {
        let fixture = try UploadFixture(file)
        let interrupted = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/tus/a", headers: tus), cut(), answer(503),
        ])
        await #expect(throws: HTTPError.self) {
            try await interrupted.uploadResumably(
                fixture.file, to: creationRequest, using: .tus, records: fixture.records)
        }
        #expect(try fixture.recordNames().count == 1)
        let client = StreamingScriptedHTTPClient(replies: [answer(403)])

        let cancelled = try await client.cancelResumableUpload(
            fixture.file, to: creationRequest, using: .tus, records: fixture.records)

        #expect(cancelled)
        #expect(await client.requests.map(\.request.method) == [.delete])
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test func cancellingADraftUploadTheServerAnswers403ForKeepsTheRecord() async throws {
        let fixture = try UploadFixture(file)
        let interrupted = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/a"), cut(), answer(503),
        ])
        await #expect(throws: HTTPError.self) {
            try await interrupted.uploadResumably(
                fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }
        let client = StreamingScriptedHTTPClient(replies: [answer(403)])

        await #expect(throws: HTTPError.self) {
            try await client.cancelResumableUpload(
                fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }
        #expect(try fixture.recordNames().count == 1)
    }
}
