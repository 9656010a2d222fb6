import Foundation
import HTTPClient
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// Every closure of the questions feature sends its endpoint's request and maps the answer.
struct QuestionsFeatureComposerTests {
    @Test func loadQuestionsSendsTheQueryToTheQuestionsAPI() async throws {
        let spy = TransportSpy { _ in Replies.questionsPage() }
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory())

        let page = try await sut.loadQuestions(
            QuestionsQuery(sort: .activity, tagged: ["swift", "swiftui"], pageSize: 25, page: 3))

        let request = try #require(await spy.server.requests.first)
        #expect(request.method == .get && request.version == "2.3" && request.path == "questions")
        #expect(
            request.queryParameter == [
                "site": "stackoverflow", "order": "desc", "sort": "activity", "tagged": "swift;swiftui",
                "pagesize": "25", "page": "3",
            ])
        #expect(request.headers?["Accept"] == "application/json")
        #expect(spy.baseURLs.values.map(\.absoluteString) == ["https://api.example.test"])
        #expect(page.questions.map(\.title) == [#"Why "async"?"#])
        #expect(page.hasMore && page.quotaRemaining == 9999)
    }

    @Test func loadQuestionAsksForOneQuestionWithItsBody() async throws {
        let spy = TransportSpy { _ in Replies.questionsPage(id: "42") }
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory())

        let question = try await sut.loadQuestion("42")

        let request = try #require(await spy.server.requests.first)
        #expect(request.method == .get && request.version == "2.3" && request.path == "questions/42")
        #expect(request.queryParameter == ["site": "stackoverflow", "filter": "withbody"])
        #expect(request.headers?["Accept"] == "application/json")
        #expect(question.id == "42" && question.bodyHTML == "<p>Body <code>text</code></p>")
    }

    @Test func loadQuestionReportsAnUnknownIDAsNotFound() async throws {
        let spy = TransportSpy { _ in Replies.questionsPage(id: "42") }
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory())

        await #expect(throws: QuestionMapper.Error.notFound("7")) { try await sut.loadQuestion("7") }
    }

    @Test func loadAvatarUsesAClientForTheImagesOwnOrigin() async throws {
        let spy = TransportSpy { _ in Replies.png }
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory())

        let avatar = try await sut.loadAvatar(try #require(URL(string: "http://cdn.example.test:8080/a/zoe.png?s=64")))

        // Only the image chain sent a request, so only it made a transport.
        #expect(spy.baseURLs.values.map(\.absoluteString) == ["http://cdn.example.test:8080"])
        let request = try #require(await spy.server.requests.first)
        #expect(request.method == .get && request.version == "" && request.path == "a/zoe.png")
        #expect(request.queryParameter == ["s": "64"])
        #expect(request.headers?["Accept"] == "image/*")
        #expect(request.headers?["User-Agent"] == "networking/1.0")
        #expect(request.headers?["Authorization"] == nil)
        #expect(avatar.format == .png && avatar.width == 2 && avatar.height == 3)
    }

    @Test func loadAvatarRefusesAnAvatarThatIsNotAnImage() async throws {
        let spy = TransportSpy { _ in Replies.json("{}") }
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory())

        await #expect(throws: (any Error).self) {
            try await sut.loadAvatar(try #require(URL(string: "https://cdn.example.test/a.png")))
        }
    }

    /// `HTTPClientFactory.imageClient(origin:)` promises "a client per origin", and the image chain de-duplicates,
    /// but the composer builds a new chain (and, in the app, a new URLSession) for every avatar.
    @Test func reusesOneImageClientPerOrigin() async throws {
        let spy = TransportSpy { _ in Replies.png }
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory())
        let url = try #require(URL(string: "https://cdn.example.test/a.png"))

        _ = try await sut.loadAvatar(url)
        _ = try await sut.loadAvatar(url)

        #expect(spy.baseURLs.values.map(\.absoluteString) == ["https://cdn.example.test"])
    }
}
