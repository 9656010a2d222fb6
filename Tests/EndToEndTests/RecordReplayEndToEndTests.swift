import DevServerSupport
import Foundation
import HTTPArchive
import QuestionsFeature
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The questions feature through the app's own chains: recorded live against the dev server, then replayed
/// from the archive alone, renders the same screens.
@Suite(.timeLimit(.minutes(1)))
struct RecordReplayEndToEndTests {
    @Test func theQuestionsFeatureRendersTheSameLiveAndReplayed() async throws {
        let recorder = HARRecorder()
        let live = try await DevServer.run { server in
            try await render(with: HTTPClientFactory(recorder: recorder), server: server.baseURL)
        }

        let replay = try HARReplayClient(archive: recorder.archive())
        let factory = HTTPClientFactory(makeTransport: { _, _ in replay })
        let replayed = try await render(with: factory, server: try #require(URL(string: "http://127.0.0.1:9")))

        #expect(replayed == live)
        #expect(live.contains("1. "), "the live run rendered a list")
    }

    /// The top-questions list, then the first question with its avatar, as the terminal shows them.
    private func render(with factory: HTTPClientFactory, server: URL) async throws -> String {
        let settings = Settings(
            questionsBaseURL: server, tokenBaseURL: server, filesBaseURL: server, accessToken: nil)
        let composer = try QuestionsFeatureComposer(settings: settings, factory: factory)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let query = QuestionsQuery(pageSize: 3)
        let page = try await composer.loadQuestions(query)
        let first = try #require(page.questions.first)
        let question = try await composer.loadQuestion(first.id)
        let avatar = try await composer.loadAvatar(try #require(question.owner?.profileImage))
        return TopQuestionsRenderer(now: now).render(page, query: query) + "\n"
            + QuestionDetailRenderer(now: now).render(QuestionDetail(question: question, avatar: avatar))
    }
}
