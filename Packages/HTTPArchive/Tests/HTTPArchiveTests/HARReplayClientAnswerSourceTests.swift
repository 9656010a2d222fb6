import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// Every replayed response goes to `HTTPLoadObservation.current` as a replay, for tracing.
struct HARReplayClientAnswerSourceTests {
    @Test func reportsEachLoadedAndStreamedAnswerAsAReplay() async throws {
        let sut = try makeSUT([entry(status: 200)])
        let heard = RecordedValues<HTTPAnswerSource>()

        try await HTTPAnswerSourceObserver { heard.append($0) }.observing {
            _ = try await sut.load(request: TestRequest())
            _ = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { response, _ in response }
        }

        #expect(heard.values == [.replay, .replay])
    }

    @Test func aLoadObserverHearsTheReplay() async throws {
        let sut = try makeSUT([entry(status: 200)])
        let observer = RecordingLoadObserver()

        _ = try await observer.observing { try await sut.load(request: TestRequest()) }

        #expect(observer.sources.values == [.replay])
    }

    @Test func reportsNothingWhenNoEntryAnswersOrTheEntryIsARecordedFailure() async throws {
        var failed = entry(status: 0)
        failed.transportError = HARTransportFailure(kind: "timedOut", message: "after 30 s")
        let sut = try makeSUT([failed])
        let heard = RecordedValues<HTTPAnswerSource>()

        await HTTPAnswerSourceObserver { heard.append($0) }.observing {
            await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }
            await #expect(throws: HARReplayError.self) { try await sut.load(request: TestRequest(path: "other")) }
        }

        #expect(heard.values == [])
    }

    private func makeSUT(_ entries: [HAREntry]) throws -> HARReplayClient {
        let archive = HARArchive(log: HARLog(creator: HARCreator(name: "tests", version: "1"), entries: entries))
        return try HARReplayClient(archive: try JSONEncoder().encode(archive))
    }

    private func entry(status: Int) -> HAREntry {
        let text: String? = status == 0 ? nil : "ok"
        return HAREntry(
            startedDateTime: "2026-11-20T09:15:02.117Z", time: 1,
            request: HARRequest(method: "GET", url: "http://h/v1/resource", bodySize: 0),
            response: HARResponse(
                status: status, statusText: "", headers: [],
                content: HARContent(size: text?.utf8.count ?? 0, mimeType: "", text: text), bodySize: -1),
            timings: HARTimings(send: -1, wait: 1, receive: -1))
    }
}
