import Foundation
import HTTPClient
import QuestionsFeature

/// Turns the response of ``QuestionsAPI/question(id:site:)`` into the one `Question` asked for.
///
/// The wrapper's quota and backoff are dropped; to honour `backoff` on this method, map the same response
/// with ``QuestionsMapper`` and pick the question from the page.
public enum QuestionMapper {
    /// Why a response holds no question (an error object in the body is a ``StackExchangeAPIError`` instead).
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The response holds no question with this ID: it was deleted, or the ID is wrong.
        case notFound(Question.ID)
        /// The status was outside `200..<300` and the body held no error object.
        case unexpectedStatus(HTTPStatusCode)
        /// The body is still gzip-compressed.
        case compressedBody
        /// The body is not the wrapper the API documents; the text says where and why.
        case invalidData(String)
    }

    /// The question `id` in `data`.
    /// - Throws: ``StackExchangeAPIError`` when the body holds the API's error object (whatever the status),
    ///   otherwise ``Error``.
    public static func map(data: Data, response: HTTPResponse, id: Question.ID) throws -> Question {
        let wrapper = try StackExchangeResponse.wrapper(
            of: QuestionDTO.self, data: data, response: response, failingWith: Error.self)
        guard let item = wrapper.items.first(where: { $0.questionID == id }) else { throw Error.notFound(id) }
        return item.question
    }
}

extension QuestionMapper.Error: StackExchangeMapperError {}

extension QuestionMapper.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound(let id): "Question \(id) was not found: it may have been deleted, or the ID is wrong."
        case .unexpectedStatus(let status): ResponseText.unexpectedStatus(status)
        case .compressedBody: ResponseText.compressed
        case .invalidData(let reason): ResponseText.invalidData(reason)
        }
    }

    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .notFound: "Check the question ID."
        case .unexpectedStatus(let status): ResponseText.suggestion(status: status)
        case .compressedBody: ResponseText.compressedSuggestion
        case .invalidData: ResponseText.invalidDataSuggestion
        }
    }
}
