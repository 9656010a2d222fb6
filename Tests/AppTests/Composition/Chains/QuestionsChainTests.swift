import Foundation
import HTTPClient
import HTTPClientDecorators
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The questions chain's behaviour, driven through ``QuestionsFeatureComposer`` over a scripted transport.
struct QuestionsChainTests {
    @Test func retriesA503GetAndReturnsTheLaterPage() async throws {
        let (busy, page) = (Replies.unavailable, Replies.questionsPage())
        let spy = TransportSpy(replies: [.response(busy.0, busy.1), .response(page.0, page.1)])
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory())

        let loaded = try await sut.loadQuestions(QuestionsQuery())

        #expect(loaded.questions.map(\.id) == ["79123456"])
        #expect(await spy.sentLines == ["GET 2.3/questions", "GET 2.3/questions"])
    }

    @Test func givesUpAfterThreeAttempts() async throws {
        let spy = TransportSpy { _ in Replies.unavailable }
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory())

        await #expect(throws: QuestionsMapper.Error.unexpectedStatus(503)) {
            try await sut.loadQuestions(QuestionsQuery())
        }

        #expect(await spy.server.requests.count == 3)
    }

    @Test func sendsTheUserAgentAndNoAuthorization() async throws {
        let spy = TransportSpy { _ in Replies.questionsPage() }
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory())

        _ = try await sut.loadQuestions(QuestionsQuery())

        let request = try #require(await spy.server.requests.first)
        #expect(request.headers?["User-Agent"] == "networking/1.0")
        #expect(request.headers?["Authorization"] == nil)
    }

    @Test func refusesA2xxInAContentTypeItDidNotAskFor() async throws {
        let spy = TransportSpy { _ in
            (Data("<html>".utf8), HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/html"]))
        }
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory())

        await #expect(
            throws: ContentTypeValidationError.unacceptableContentType(
                received: "text/html", accepted: "application/json")
        ) {
            try await sut.loadQuestions(QuestionsQuery())
        }
    }
}
