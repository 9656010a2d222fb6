import Foundation
import HTTPArchive
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import HTTPTelemetry
import Testing

/// `.tracing(into:baseURL:)` above the real `CachingHTTPClient` and `HARReplayClient`, or below the cache with
/// `.tracingAnswerSources(into:baseURL:)` above it: a hit, a revalidation and a replay each show on their span,
/// with no phase event for an answer no transport made.
struct TracingAnswerSourceEndToEndTests {
    @Test func aMissAHitAndARevalidationAboveTheCacheAreTheirSpansCacheResults() async throws {
        let headers: HTTPHeaders = ["Cache-Control": "max-age=60", "ETag": "\"v1\""]
        let clock = ManualClock()
        let collector = TelemetryCollector(exporter: NoSpanExporter())
        let sut = CachingHTTPClient(
            client: ScriptedHTTPClient(replies: [.status(200, body: "a", headers: headers), .status(304)]),
            store: MemoryHTTPCacheStore(), now: { clock.date }
        )
        .tracing(into: collector, baseURL: try #require(URL(string: "http://127.0.0.1:9")))

        for advance in [0, 0, 61] {
            clock.advance(by: .seconds(advance))
            _ = try await sut.load(request: TestRequest())
        }

        let spans = collector.pendingSpans
        #expect(spans.map { $0.attributes["networking.cache.result"] } == ["miss", "hit", "revalidated"])
        #expect(spans.map { $0.attributes["http.response.status_code"] } == [200, 200, 200])
        #expect(spans.allSatisfy { $0.events.isEmpty })
    }

    @Test func belowTheCacheAHitHasItsOwnSpanAndARevalidationsAttemptSaysSo() async throws {
        let headers: HTTPHeaders = ["Cache-Control": "max-age=60", "ETag": "\"v1\""]
        let clock = ManualClock()
        let collector = TelemetryCollector(exporter: NoSpanExporter())
        let baseURL = try #require(URL(string: "http://127.0.0.1:9"))
        let sut = CachingHTTPClient(
            client: ScriptedHTTPClient(replies: [.status(200, body: "a", headers: headers), .status(304)])
                .tracing(into: collector, baseURL: baseURL),
            store: MemoryHTTPCacheStore(), now: { clock.date }
        )
        .tracingAnswerSources(into: collector, baseURL: baseURL)

        for advance in [0, 0, 61] {
            clock.advance(by: .seconds(advance))
            _ = try await sut.load(request: TestRequest())
        }

        let spans = collector.pendingSpans
        #expect(spans.map(\.kind) == [.client, .internal, .client])
        #expect(spans.map { $0.attributes["networking.cache.result"] } == ["miss", "hit", "revalidated"])
        #expect(spans.map { $0.attributes["http.response.status_code"] } == [200, 200, 304])
        #expect(spans[1].events.isEmpty)
    }

    @Test func aReplayedAnswerIsMarkedReplayed() async throws {
        let archive = HARArchive(
            log: HARLog(
                creator: HARCreator(name: "tests", version: "1"),
                entries: [
                    HAREntry(
                        startedDateTime: "2026-11-20T09:15:02.117Z", time: 1,
                        request: HARRequest(method: "GET", url: "http://h/v1/resource", bodySize: 0),
                        response: HARResponse(
                            status: 200, statusText: "", headers: [],
                            content: HARContent(size: 2, mimeType: "", text: "ok"), bodySize: -1),
                        timings: HARTimings(send: -1, wait: 1, receive: -1))
                ]))
        let collector = TelemetryCollector(exporter: NoSpanExporter())
        let sut = try HARReplayClient(archive: try JSONEncoder().encode(archive))
            .tracing(into: collector, baseURL: try #require(URL(string: "http://h")))

        _ = try await sut.load(request: TestRequest())

        #expect(collector.pendingSpans.map { $0.attributes["networking.replayed"] } == [true])
        #expect(collector.pendingSpans.first?.events == [])
    }
}

/// Keeps nothing: the tests read the collector's pending spans.
private struct NoSpanExporter: TelemetryExporter {
    func export(spans: [FinishedSpan]) async throws {}
    func export(metrics: [MetricPoint]) async throws {}
}
