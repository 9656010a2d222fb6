import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import HTTPTelemetry
import Testing

/// What a cache or a replaying client below the tracing decorator reports shows on the attempt's span.
struct TracingHTTPClientAnswerSourceTests {
    @Test func aReplayedAnswerIsMarkedReplayedWithoutPhaseEvents() async throws {
        let (sut, collector) = try makeSUT(reporting: [.replay])

        try await sut.load(request: TestRequest())

        let span = try #require(collector.pendingSpans.first)
        #expect(span.attributes["networking.replayed"] == true)
        #expect(span.attributes["networking.cache.result"] == nil)
        #expect(span.events == [])
    }

    @Test(arguments: HTTPAnswerSource.CacheResult.allCases)
    func aCachesVerdictIsTheCacheResult(_ result: HTTPAnswerSource.CacheResult) async throws {
        let (sut, collector) = try makeSUT(reporting: [.cache(result)])

        try await sut.load(request: TestRequest())

        let span = try #require(collector.pendingSpans.first)
        #expect(span.attributes["networking.cache.result"] == .string(result.rawValue))
        #expect(span.attributes["networking.replayed"] == nil)
    }

    @Test func theOutermostCachesVerdictWins() async throws {
        let (sut, collector) = try makeSUT(reporting: [.cache(.miss), .cache(.hit)])

        try await sut.load(request: TestRequest())

        #expect(collector.pendingSpans.first?.attributes["networking.cache.result"] == "hit")
    }

    @Test func anAnswerFromTheNetworkAloneHasNeitherAttribute() async throws {
        let (sut, collector) = try makeSUT(reporting: [])

        try await sut.load(request: TestRequest())

        let span = try #require(collector.pendingSpans.first)
        #expect(span.attributes["networking.cache.result"] == nil && span.attributes["networking.replayed"] == nil)
    }

    @Test func passesTheSourcesOnToTheObserverAlreadyInPlace() async throws {
        let (sut, _) = try makeSUT(reporting: [.cache(.revalidated)])
        let heard = RecordedValues<HTTPAnswerSource>()

        try await HTTPAnswerSourceObserver { heard.append($0) }.observing {
            try await sut.load(request: TestRequest())
        }

        #expect(heard.values == [.cache(.revalidated)])
    }

    private func makeSUT(
        reporting sources: [HTTPAnswerSource]
    ) throws -> (sut: any HTTPClient, collector: TelemetryCollector) {
        let collector = TelemetryCollector(exporter: RecordingExporter())
        let client = SourceReportingHTTPClient(client: ScriptedHTTPClient(replies: [.status(200)]), sources: sources)
        return (client.tracing(into: collector, baseURL: try #require(URL(string: "http://h"))), collector)
    }
}
