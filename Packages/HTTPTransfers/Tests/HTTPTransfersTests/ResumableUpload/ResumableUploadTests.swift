import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

struct ResumableUploadTests {
    private let file = sampleBytes(10_000)

    @Test func draftCreatesWithoutBytesThenAppendsTheWholeFile() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/abc"),
            StreamedReply.status(201, chunks: ["{\"files\":[]}"], headers: ["Upload-Complete": "?1"]),
        ])

        let (data, response) = try await client.uploadResumably(
            fixture.file, to: creationRequest, using: .draft, records: fixture.records)

        #expect(response.statusCode == 201)
        #expect(String(decoding: data, as: UTF8.self) == "{\"files\":[]}")
        let requests = await client.requests
        let creation = requests[0].request
        #expect(creation.method == .post && creation.path == "uploads" && creation.version == "v1")
        #expect(creation.headers?["Upload-Draft-Interop-Version"] == "8")
        #expect(creation.headers?["Upload-Complete"] == "?0")
        #expect(creation.headers?["Upload-Length"] == "10000")
        #expect(creation.headers?["Content-Disposition"] == "attachment; filename=\"upload.bin\"")
        #expect(requests[0].body == nil)
        let append = requests[1].request
        #expect(append.method == .patch && append.path == "v1/uploads/abc" && append.version == "")
        #expect(append.headers?["Content-Type"] == "application/partial-upload")
        #expect(append.headers?["Upload-Offset"] == "0")
        #expect(append.headers?["Upload-Complete"] == "?1")
        #expect(append.headers?["Upload-Draft-Interop-Version"] == "8")
        #expect(requests[1].body == file)
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test func tusCreatesWithLengthAndMetadataThenAppends() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("/api/v1/tus/xyz?token=t", headers: ["Tus-Resumable": "1.0.0"]),
            answer(204, ["Tus-Resumable": "1.0.0", "Upload-Offset": "10000"]),
        ])

        let (_, response) = try await client.uploadResumably(
            fixture.file, to: creationRequest, using: .tus, records: fixture.records)

        #expect(response.statusCode == 204)
        let requests = await client.requests
        #expect(requests[0].request.headers?["Tus-Resumable"] == "1.0.0")
        #expect(requests[0].request.headers?["Upload-Length"] == "10000")
        #expect(requests[0].request.headers?["Upload-Metadata"] == "filename dXBsb2FkLmJpbg==")
        let append = requests[1].request
        #expect(append.path == "v1/tus/xyz" && append.queryParameter == ["token": "t"])
        #expect(append.headers?["Content-Type"] == "application/offset+octet-stream")
        #expect(append.headers?["Tus-Resumable"] == "1.0.0")
        #expect(requests[1].body == file)
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test func followUpRequestsCarryTheCreationHeadersButNotTheBodyOnes() async throws {
        let fixture = try UploadFixture(file)
        var request = creationRequest
        request.headers = ["Authorization": "Bearer t", "Content-Disposition": "attachment; filename=\"x\""]
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/abc"), cut(),
            answer(204, ["Upload-Offset": "10", "Upload-Complete": "?0"]), answer(200, ["Upload-Complete": "?1"]),
        ])

        _ = try await client.uploadResumably(fixture.file, to: request, using: .draft, records: fixture.records)

        let requests = await client.requests.map(\.request)
        #expect(requests[0].headers?["Content-Disposition"] == "attachment; filename=\"x\"")
        for followUp in requests.dropFirst() {
            #expect(followUp.headers?["Authorization"] == "Bearer t")
            #expect(followUp.headers?["Content-Disposition"] == nil)
            #expect(followUp.headers?["Upload-Length"] == nil)
        }
    }

    @Test(arguments: [ResumableUploadProtocol.draft, .tus])
    func aCutAppendRetrievesTheOffsetAndSendsOnlyTheRest(uploadProtocol: ResumableUploadProtocol) async throws {
        let fixture = try UploadFixture(file)
        let log = ProgressLog()
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/abc", headers: ["Tus-Resumable": "1.0.0"]),
            cut(),
            answer(uploadProtocol == .draft ? 204 : 200, ["Upload-Offset": "4000", "Upload-Length": "10000"]),
            answer(uploadProtocol == .draft ? 200 : 204, ["Upload-Offset": "10000", "Upload-Complete": "?1"]),
        ])

        _ = try await client.uploadResumably(
            fixture.file, to: creationRequest, using: uploadProtocol, records: fixture.records, progress: log.report)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .head, .patch])
        #expect(requests[3].request.headers?["Upload-Offset"] == "4000")
        #expect(requests[3].body == file.suffix(from: 4_000))
        #expect(log.sent.last == 10_000)
        #expect(log.sent == log.sent.sorted())
        #expect(Set(log.sent).count == log.sent.count)
    }

    @Test func anAppendThatFailsWithASendFailureResumesButACancelledOneThrows() async throws {
        let fixture = try UploadFixture(file)
        let failing = { (error: HTTPTransportError) in
            StreamedReply(HTTPResponse(statusCode: 204), steps: [.fail(error)])
        }
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/abc"),
            failing(.other(underlying: TransferInterrupted())),
            answer(204, ["Upload-Offset": "10", "Upload-Complete": "?0"]),
            failing(.cancelled),
        ])

        await #expect(throws: HTTPTransportError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }

        #expect(await client.requests.map(\.request.method) == [.post, .patch, .head, .patch])
        #expect(try fixture.recordNames().count == 1)
    }

    @Test func anInterruptedCallLeavesARecordAndTheNextCallResumes() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/abc"),
            StreamedReply(HTTPResponse(statusCode: 204), steps: [.fail(CancellationError())]),
            answer(204, ["Upload-Offset": "3000", "Upload-Complete": "?0"]),
            answer(200, ["Upload-Complete": "?1"]),
        ])

        await #expect(throws: CancellationError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }
        #expect(try fixture.recordNames().count == 1)
        _ = try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .head, .patch])
        #expect(requests[2].request.path == "v1/uploads/abc")
        #expect(requests[3].body == file.suffix(from: 3_000))
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test func aChangedFileDeletesTheOldUploadAndStartsANewOne() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/old"),
            StreamedReply(HTTPResponse(statusCode: 204), steps: [.fail(CancellationError())]),
            answer(204),
            created("http://files.test/api/v1/uploads/new"),
            answer(200, ["Upload-Complete": "?1"]),
        ])
        await #expect(throws: CancellationError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }
        let changed = sampleBytes(10_000, seed: 9)
        try changed.write(to: fixture.file)

        _ = try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .delete, .post, .patch])
        #expect(requests[2].request.path == "v1/uploads/old")
        #expect(requests[4].request.path == "v1/uploads/new")
        #expect(requests[4].body == changed)
    }

    @Test func anExpiredUploadStartsOverOnce() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/a"), cut(), answer(404),
            created("http://files.test/api/v1/uploads/b"), answer(200, ["Upload-Complete": "?1"]),
        ])

        _ = try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .head, .post, .patch])
        #expect(requests[4].body == file)
    }

    @Test func anUploadThatExpiresTwiceThrows() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/a"), cut(), answer(410),
            created("http://files.test/api/v1/uploads/b"), cut(), answer(404),
        ])

        let error = await #expect(throws: ResumableUploadError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }

        guard case .uploadExpired(statusCode: 404) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test func appendsObeyMaxAppendSizeAndAnOffsetMovingBackwardsThrows() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created(
                "http://files.test/api/v1/uploads/a", headers: ["Upload-Limit": "max-size=20000, max-append-size=4000"]),
            answer(204, ["Upload-Offset": "4000", "Upload-Complete": "?0"]),
            cut(),
            answer(204, ["Upload-Offset": "1000", "Upload-Complete": "?0"]),
        ])

        let error = await #expect(throws: ResumableUploadError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }

        guard case .offsetMovedBackwards(confirmed: 4_000, server: 1_000) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        let requests = await client.requests
        #expect(requests[1].body == file.prefix(4_000))
        #expect(requests[1].request.headers?["Upload-Complete"] == "?0")
        #expect(requests[2].body == file.subdata(in: 4_000..<8_000))
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test func aFileOverTheServersMaxSizeIsCancelledAndThrows() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/a", headers: ["Upload-Limit": "max-size=100"]), answer(204),
        ])

        let error = await #expect(throws: ResumableUploadError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }

        guard case .limitExceeded(limit: 100, fileSize: 10_000) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(await client.requests.map(\.request.method) == [.post, .delete])
        #expect(try fixture.recordNames().isEmpty)
    }

    @Test func a413ToTheCreationIsALimitExceeded() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [answer(413, ["Tus-Resumable": "1.0.0"])])

        let error = await #expect(throws: ResumableUploadError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .tus, records: fixture.records)
        }

        guard case .limitExceeded(limit: nil, fileSize: 10_000) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test(arguments: [
        (ResumableUploadProtocol.tus, created("http://files.test/api/v1/uploads/a"), 201),
        (.draft, answer(404), 404),
        (.draft, answer(201), 201),
    ])
    func anEndpointThatDoesNotSpeakTheProtocolThrows(
        uploadProtocol: ResumableUploadProtocol, reply: StreamedReply, status: Int
    ) async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [reply])

        let error = await #expect(throws: ResumableUploadError.self) {
            try await client.uploadResumably(
                fixture.file, to: creationRequest, using: uploadProtocol, records: fixture.records)
        }

        guard case .protocolNotSupported(uploadProtocol, statusCode: status) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test func a409RetrievesTheOffsetAgain() async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/a"),
            answer(409, ["Upload-Offset": "500"]),
            answer(204, ["Upload-Offset": "500", "Upload-Complete": "?0"]),
            answer(200, ["Upload-Complete": "?1"]),
        ])

        _ = try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)

        let requests = await client.requests
        #expect(requests.map(\.request.method) == [.post, .patch, .head, .patch])
        #expect(requests[3].body == file.suffix(from: 500))
    }

    @Test func appendsThatKeepFailingWithoutProgressThrowStalled() async throws {
        let fixture = try UploadFixture(file)
        let offset = answer(204, ["Upload-Offset": "0", "Upload-Complete": "?0"])
        let client = StreamingScriptedHTTPClient(replies: [
            created("http://files.test/api/v1/uploads/a"), cut(), offset, cut(), offset, cut(),
        ])

        let error = await #expect(throws: ResumableUploadError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }

        guard case .stalled(attempts: 3, _) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(try fixture.recordNames().count == 1)
    }

    @Test(arguments: ["http://elsewhere.test/api/v1/uploads/a", "http://files.test/other/uploads/a"])
    func anUploadURLOffTheBaseURLThrows(location: String) async throws {
        let fixture = try UploadFixture(file)
        let client = StreamingScriptedHTTPClient(replies: [created(location)])

        let error = await #expect(throws: ResumableUploadError.self) {
            try await client.uploadResumably(fixture.file, to: creationRequest, using: .draft, records: fixture.records)
        }

        guard case .uploadURLNotAddressable(location) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }
}
