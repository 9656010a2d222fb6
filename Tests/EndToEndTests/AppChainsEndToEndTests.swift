import DevServerSupport
import EndToEndSupport
import Foundation
import QuestionsFeature
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The app's own chains (``HTTPClientFactory`` with its `URLSessionClient` transport) against the dev server.
@Suite(.timeLimit(.minutes(1)))
struct AppChainsEndToEndTests {
    @Test func theTokenFeatureReadsAndUpdatesTheStoredToken() async throws {
        try await DevServer.run { server in
            let settings = Settings(
                questionsBaseURL: server.baseURL, tokenBaseURL: server.baseURL, filesBaseURL: server.baseURL,
                accessToken: nil)
            let sut = try TokenFeatureComposer(settings: settings, factory: HTTPClientFactory())

            #expect(try await sut.loadToken() == "initial-token")
            try await sut.updateToken("end-to-end")
            #expect(try await sut.loadToken() == "end-to-end")

            let admin = try DevServerAdmin(server)
            #expect(try await admin.count("auth.token.issued") == 1)
            #expect(try await admin.count("token.stored") == 1)
        }
    }

    @Test func theQuestionsFeatureLoadsAPageAQuestionAndItsAvatar() async throws {
        try await DevServer.run { server in
            let settings = Settings(
                questionsBaseURL: server.baseURL, tokenBaseURL: server.baseURL, filesBaseURL: server.baseURL,
                accessToken: nil)
            let sut = try QuestionsFeatureComposer(settings: settings, factory: HTTPClientFactory())

            let page = try await sut.loadQuestions(QuestionsQuery(pageSize: 5))
            let first = try #require(page.questions.first)
            let question = try await sut.loadQuestion(first.id)
            let avatar = try await sut.loadAvatar(try #require(question.owner?.profileImage))

            #expect(page.questions.count == 5 && page.hasMore)
            #expect(question.id == first.id && question.bodyHTML?.isEmpty == false)
            #expect(avatar.format == .png && avatar.width == 64)
        }
    }
}
