import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

/// A replay serves only bodies the archive holds whole; binary bodies round-trip as base64.
struct HARReplayMissingBodyTests {
    @Test(
        arguments: [
            (nil, 10, HARMissingBodyError.Reason.absent),
            ("[redacted]", 10, .redacted),
            ("abc", 10, .truncated(kept: 3, size: 10)),
        ] as [(String?, Int, HARMissingBodyError.Reason)])
    func anEntryWithoutItsWholeBodyThrowsInsteadOfServingIt(
        text: String?, size: Int, reason: HARMissingBodyError.Reason
    ) async throws {
        let sut = try makeSUT(content: HARContent(size: size, mimeType: "", text: text))

        let error = await #expect(throws: HARMissingBodyError.self) { try await sut.load(request: TestRequest()) }
        await #expect(throws: HARMissingBodyError.self) {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                try await body.collect(upTo: .max)
            }
        }

        #expect(error == HARMissingBodyError(method: "GET", url: "http://h/v1/resource", reason: reason))
        #expect(error?.description.contains("GET http://h/v1/resource") == true)
    }

    @Test(arguments: [HARContent(size: 0, mimeType: ""), HARContent(size: -1, mimeType: "", text: "")])
    func anEmptyBodyIsServed(content: HARContent) async throws {
        let sut = try makeSUT(content: content)

        #expect(try await sut.load(request: TestRequest()).0 == Data())
    }

    @Test func aSecretBodyIsLeftOutAndItsReplayThrows() async throws {
        let recorder = HARRecorder()
        let live = ScriptedHTTPClient(replies: [.status(200, body: "the-token")])
        try await live.recording(to: recorder, baseURL: try url("http://token.test"), redactingBodies: true)
            .load(request: TestRequest())

        let replay = try HARReplayClient(archive: recorder.archive())

        let error = await #expect(throws: HARMissingBodyError.self) { try await replay.load(request: TestRequest()) }
        #expect(error?.reason == .absent)
        #expect(!String(decoding: recorder.archive(), as: UTF8.self).contains("the-token"))
    }

    @Test func aStreamedBinaryBodyRoundTripsAsBase64() async throws {
        let bytes = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 * 7 + 0x80) })
        let recorder = HARRecorder()
        let live = StreamingScriptedHTTPClient(replies: [
            StreamedReply(HTTPResponse(statusCode: 200), steps: [.chunk(bytes)], length: .known(5_000))
        ])
        let recording = live.recording(to: recorder, baseURL: try url("http://files.test"))
        _ = try await recording.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            try await body.collect(upTo: .max)
        }

        #expect(try onlyEntry(of: recorder).response.content.encoding == "base64")
        let replayed = try await HARReplayClient(archive: recorder.archive()).stream(
            request: TestRequest(), body: nil, progress: nil
        ) { _, body in try await body.collect(upTo: .max) }
        #expect(replayed == bytes)
    }

    @Test func aStreamedBodyPastTheCapIsNotReplayed() async throws {
        let bytes = Data(repeating: 0xFF, count: HARRecorder.streamedTextLimit + 1)
        let recorder = HARRecorder()
        let live = StreamingScriptedHTTPClient(replies: [
            StreamedReply(HTTPResponse(statusCode: 200), steps: [.chunk(bytes)], length: .known(Int64(bytes.count)))
        ])
        _ = try await live.recording(to: recorder, baseURL: try url("http://files.test")).stream(
            request: TestRequest(), body: nil, progress: nil
        ) { _, body in try await body.collect(upTo: .max) }

        let error = await #expect(throws: HARMissingBodyError.self) {
            try await HARReplayClient(archive: recorder.archive()).load(request: TestRequest())
        }
        #expect(error?.reason == .truncated(kept: HARRecorder.streamedTextLimit, size: bytes.count))
    }

    private func makeSUT(content: HARContent) throws -> HARReplayClient {
        let entry = HAREntry(
            startedDateTime: "2026-11-20T09:15:02.117Z", time: 1,
            request: HARRequest(method: "GET", url: "http://h/v1/resource", bodySize: 0),
            response: HARResponse(status: 200, statusText: "", content: content, bodySize: -1),
            timings: HARTimings(send: -1, wait: 1, receive: -1))
        let archive = HARArchive(log: HARLog(creator: HARCreator(name: "tests", version: "1"), entries: [entry]))
        return try HARReplayClient(archive: try JSONEncoder().encode(archive))
    }
}

extension HARReplayMissingBodyTests {
    @Test func aJSONBodyWithRedactedFieldsIsServedAsRecorded() async throws {
        let recorder = HARRecorder()
        let live = ScriptedHTTPClient(replies: [.status(200, body: #"{"access_token": "a-long-secret-token", "n": 1}"#)]
        )
        try await live.recording(to: recorder, baseURL: try url("http://token.test")).load(request: TestRequest())

        let (data, _) = try await HARReplayClient(archive: recorder.archive()).load(request: TestRequest())

        #expect(String(decoding: data, as: UTF8.self) == #"{"access_token":"[redacted]","n":1}"#)
    }
}
