import Foundation
import HTTPCaching
import HTTPClient
import QuestionsFeature
import QuestionsFeatureAPI

/// Wires the questions feature: Stack Exchange endpoints through the questions chain, avatars through a
/// client for the image's own origin (no API headers reach the image host).
///
/// With a cache, the API's `backoff` is obeyed (see ``StackExchangeBackoff``) and every cached answer is
/// noted through `note` (standard error). The feature itself knows nothing of either.
struct QuestionsFeatureComposer {
    let loadQuestions: TopQuestionsViewModel.LoadQuestions
    let loadQuestion: QuestionDetailLoader.LoadQuestion
    let loadAvatar: QuestionDetailLoader.LoadAvatar

    init(
        settings: Settings, factory: HTTPClientFactory, site: String = QuestionsQuery().site,
        note: @escaping @Sendable (String) -> Void = { _ in }, now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        let baseURL = settings.questionsBaseURL
        let client = try factory.questionsClient(baseURL: baseURL)
        let backoff = try factory.cache.map { cache in
            StackExchangeBackoff(
                directory: cache.directory(for: baseURL),
                cachedOnly: try factory.questionsClient(baseURL: baseURL, mode: .offline),
                isNotCached: { $0 is HTTPCacheError }, isFromOrigin: StackExchangeAnswer.isFromOrigin, now: now)
        }
        let key = settings.stackExchangeKey
        let send: @Sendable (QuestionsAPI) async throws -> (Data, HTTPResponse) = { endpoint in
            let request: any HTTPRequest = key.map { endpoint.settingQueryParameters(["key": $0]) } ?? endpoint
            let answer =
                if let backoff {
                    try await backoff.load(request, method: endpoint.apiMethod, through: client)
                } else {
                    StackExchangeAnswer(try await client.load(request: request))
                }
            if let text = CachedAnswerNote.text(for: answer) { note(text) }
            return (answer.data, answer.response)
        }
        loadQuestions = { query in
            let (data, response) = try await send(QuestionsAPI.topQuestions(query))
            return try QuestionsMapper.map(data: data, response: response)
        }
        loadQuestion = { id in
            let (data, response) = try await send(QuestionsAPI.question(id: id, site: site))
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
