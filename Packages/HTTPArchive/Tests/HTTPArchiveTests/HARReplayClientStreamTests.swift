import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

struct HARReplayClientStreamTests {
    @Test func streamsTheRecordedBodyInChunks() async throws {
        let text = String(repeating: "0123456789", count: 15_000)
        let sut = try makeSUT(text: text)
        let reports = RecordedValues<HTTPTransferProgress>()

        let progress: @Sendable (HTTPTransferProgress) -> Void = { reports.append($0) }
        let (chunks, status, length) = try await sut.stream(request: TestRequest(), body: nil, progress: progress) {
            response, body in
            var chunks: [Data] = []
            for try await chunk in body { chunks.append(chunk) }
            return (chunks, response.statusCode, body.length)
        }

        #expect(status == 200)
        #expect(length == .known(150_000))
        #expect(chunks.map(\.count) == [65_536, 65_536, 18_928])
        #expect(chunks.reduce(Data(), +) == Data(text.utf8))
        #expect(reports.values.map(\.bytesReceived) == [0, 65_536, 131_072, 150_000])
        #expect(reports.values.allSatisfy { $0.bytesExpectedToReceive == 150_000 })
    }

    @Test func aReaderMayStopAfterTheFirstChunk() async throws {
        let sut = try makeSUT(text: String(repeating: "z", count: 100_000))

        let first = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            var iterator = body.makeAsyncIterator()
            return try await iterator.next()?.count
        }

        #expect(first == 65_536)
    }

    @Test func throwsTheReplayErrorWithoutCallingReceive() async throws {
        let sut = try makeSUT(text: "ok")

        await #expect(throws: HARReplayError.self) {
            try await sut.stream(request: TestRequest(path: "other"), body: nil, progress: nil) { _, _ in
                Issue.record("receive was called")
            }
        }
    }

    private func makeSUT(text: String) throws -> HARReplayClient {
        let entry = HAREntry(
            startedDateTime: "2026-11-20T09:15:02.117Z", time: 1,
            request: HARRequest(method: "GET", url: "http://h/v1/resource", bodySize: 0),
            response: HARResponse(
                status: 200, statusText: "OK", content: HARContent(size: text.utf8.count, mimeType: "", text: text),
                bodySize: -1),
            timings: HARTimings(send: -1, wait: 1, receive: -1))
        let archive = HARArchive(log: HARLog(creator: HARCreator(name: "tests", version: "1"), entries: [entry]))
        return try HARReplayClient(archive: try JSONEncoder().encode(archive))
    }
}
