import Foundation
import HTTPClient
import HTTPClientTestSupport
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// Every chain makes its transport on the first request that reaches it, so a fresh cached answer makes none.
struct LazyTransportTests {
    @Test func aFreshCacheHitNeverMakesATransport() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lazy-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let live = TransportSpy { _ in Replies.questionsPage() }
        let stored = try await makeComposer(live, cache: directory).loadQuestions(QuestionsQuery())
        let spy = TransportSpy(replies: [])

        let page = try await makeComposer(spy, cache: directory).loadQuestions(QuestionsQuery())

        #expect(page == stored)
        #expect(spy.baseURLs.values.isEmpty)
        #expect(await spy.server.requests.isEmpty)
        #expect(live.baseURLs.values.map(\.absoluteString) == ["https://api.example.test"])
    }

    @Test func theFirstLoadMakesTheTransportAndLaterLoadsReuseIt() async throws {
        let spy = TransportSpy { _ in Replies.questionsPage() }
        let client = try spy.factory().questionsClient(baseURL: try makeSettings().questionsBaseURL)
        #expect(spy.baseURLs.values.isEmpty)

        _ = try await client.load(request: QuestionsRequest())
        _ = try await client.load(request: QuestionsRequest(page: "2"))

        #expect(spy.baseURLs.values.map(\.absoluteString) == ["https://api.example.test"])
        #expect(await spy.server.requests.count == 2)
    }
}

/// The questions feature over `spy`'s transports, with the app's cache in `directory`.
private func makeComposer(_ spy: TransportSpy, cache directory: URL) throws -> QuestionsFeatureComposer {
    var factory = spy.factory()
    factory.cache = ResponseCache(directory: directory)
    return try QuestionsFeatureComposer(settings: makeSettings(), factory: factory)
}

/// A Stack Exchange `GET 2.3/questions` request.
private struct QuestionsRequest: HTTPRequest {
    var page = "1"
    var path: String { "questions" }
    var version: String { "2.3" }
    var method: HTTPMethod { .get }
    var queryParameter: [String: String]? { ["site": "stackoverflow", "page": page] }
    var headers: [String: String]? { ["Accept": "application/json"] }
}
