import Foundation
import HTTPClient
import QuestionsFeature
import QuestionsFeatureAPI

/// Wires the questions feature: Stack Exchange endpoints through the questions chain, avatars through a
/// client for the image's own origin (no API headers reach the image host).
struct QuestionsFeatureComposer {
    let loadQuestions: TopQuestionsViewModel.LoadQuestions
    let loadQuestion: QuestionDetailLoader.LoadQuestion
    let loadAvatar: QuestionDetailLoader.LoadAvatar

    init(settings: Settings, factory: HTTPClientFactory) throws {
        let client = try factory.questionsClient(baseURL: settings.questionsBaseURL)
        loadQuestions = { query in
            let (data, response) = try await client.load(request: QuestionsAPI.topQuestions(query))
            return try QuestionsMapper.map(data: data, response: response)
        }
        loadQuestion = { id in
            let (data, response) = try await client.load(request: QuestionsAPI.question(id: id))
            return try QuestionMapper.map(data: data, response: response, id: id)
        }
        let imageClients = ClientsByOrigin(makeClient: factory.imageClient(origin:))
        loadAvatar = { url in
            let request = try AvatarRequest(url: url)
            let imageClient = try imageClients.client(for: request.origin)
            let (data, response) = try await imageClient.load(request: request)
            return try AvatarMapper.map(data: data, response: response)
        }
    }
}
