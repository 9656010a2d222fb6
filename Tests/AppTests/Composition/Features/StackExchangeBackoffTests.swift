import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The questions chain with a cache: backoff deadlines and notes, with a scripted transport and a manual clock.
struct StackExchangeBackoffTests {
    @Test func aBackoffBlocksTheMethodUntilItsDeadlineAndCachedAnswersAreNoted() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("backoff-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock(date: Date())
        let origin = ScriptedHTTPClient { _ in
            (
                Data(#"{"items":[],"has_more":false,"backoff":30}"#.utf8),
                HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"])
            )
        }
        let notes = RecordedValues<String>()
        let factory = HTTPClientFactory(cache: ResponseCache(directory: directory)) { _, _ in origin }
        let sut = try QuestionsFeatureComposer(
            settings: try makeSettings(), factory: factory,
            answered: CachedAnswerNote.writing(to: { notes.append($0) }), now: { clock.date })

        _ = try await sut.loadQuestions(QuestionsQuery(page: 1))
        _ = try await sut.loadQuestions(QuestionsQuery(page: 1))
        await #expect(throws: BackoffInEffect(method: "questions", secondsLeft: 30)) {
            try await sut.loadQuestions(QuestionsQuery(page: 2))
        }
        #expect(await origin.requests.count == 1)
        #expect(notes.values.count == 1 && notes.values.first?.contains("asked to wait 30 more seconds") == true)

        clock.advance(by: .seconds(31))
        _ = try await sut.loadQuestions(QuestionsQuery(page: 2))
        #expect(await origin.requests.count == 2)
    }
}

/// Where the cache sits in each chain.
struct CacheChainTests {
    @Test func theCacheIsOutermostInTheQuestionsAndImageChainsAndAbsentFromTheTokenChains() throws {
        let origin = ScriptedHTTPClient()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chains-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let factory = HTTPClientFactory(cache: ResponseCache(directory: directory)) { _, _ in origin }
        let url = try #require(URL(string: "https://api.example.test"))

        #expect(ChainLayers.names(of: try factory.questionsClient(baseURL: url)).prefix(2) == ["cache", "dedup"])
        #expect(ChainLayers.names(of: try factory.imageClient(origin: url)).prefix(2) == ["cache", "dedup"])
        let token = try factory.tokenClient(baseURL: url, accessToken: { "t" }, refreshAccessToken: { "t" })
        #expect(!ChainLayers.names(of: token).contains("cache"))
        #expect(!ChainLayers.names(of: try factory.tokenIssuingClient(baseURL: url)).contains("cache"))
    }
}
