import Foundation
import HTTPCaching
import HTTPClient
import QuestionsFeature
import QuestionsFeatureAPI

/// Wires the questions feature: Stack Exchange endpoints through the questions chain, avatars through a
/// client for the image's own origin (no API headers reach the image host).
///
/// With a cache, the API's `backoff` is obeyed (see `StackExchangeBackoff`), and every answer, with where it
/// came from, is handed to `answered` (the CLI notes a cached one on standard error). The feature itself knows
/// nothing of either.
package struct QuestionsFeatureComposer {
    /// Loads a page of top questions.
    package let loadQuestions: TopQuestionsViewModel.LoadQuestions
    /// Loads one question of `site`.
    package let loadQuestion: QuestionDetailLoader.LoadQuestion
    /// Loads an avatar from its image host.
    package let loadAvatar: QuestionDetailLoader.LoadAvatar

    /// The Stack Exchange API of `settings` on `site`, through `factory`'s questions and image chains.
    /// - Parameters:
    ///   - answered: Hears every Stack Exchange answer once it arrived.
    ///   - now: The current date, for the API's backoff.
    package init(
        settings: Settings, factory: HTTPClientFactory, site: String = QuestionsQuery().site,
        answered: @escaping @Sendable (StackExchangeAnswer) -> Void = { _ in },
        now: @escaping @Sendable () -> Date = { Date() }
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
            answered(answer)
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
