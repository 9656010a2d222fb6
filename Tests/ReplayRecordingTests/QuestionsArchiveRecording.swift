import Foundation
import HTTPClient
import HTTPReplay
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

/// Records `Packages/QuestionsFeature/Tests/QuestionsFeatureAPITests/Archives/questions.har`: the requests the
/// feature's `QuestionsReplayTests` send, answered by the dev server. Plays it back in a normal run.
@Suite(.devServer)
struct QuestionsArchiveRecording {
    @Test(
        .replaying(
            "../../Packages/QuestionsFeature/Tests/QuestionsFeatureAPITests/Archives/questions.har",
            live: { try DevServerTrait.transport() }))
    func topQuestionsThenOneQuestionWithItsAvatar() async throws {
        let client = Replay.client
        let (data, response) = try await client.load(request: QuestionsAPI.topQuestions(QuestionsQuery()))
        let page = try QuestionsMapper.map(data: data, response: response)
        let first = try #require(page.questions.first)

        let loader = QuestionDetailLoader(
            loadQuestion: { id in
                let (data, response) = try await client.load(request: QuestionsAPI.question(id: id))
                return try QuestionMapper.map(data: data, response: response, id: id)
            },
            loadAvatar: { url in
                let (data, response) = try await client.load(request: try AvatarRequest(url: url))
                return try AvatarMapper.map(data: data, response: response)
            })
        let detail = try await loader.load(first.id)

        #expect(page.questions.count == 10)
        #expect(detail.question.title == first.title)
        #expect(detail.avatar != nil)
    }
}
