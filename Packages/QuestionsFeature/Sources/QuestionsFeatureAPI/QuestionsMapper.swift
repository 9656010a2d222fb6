import Foundation
import HTTPClient
import QuestionsFeature

/// Turns the response of ``QuestionsAPI/topQuestions(_:)`` into a `QuestionsPage`.
public enum QuestionsMapper {
    /// Why a response holds no page (an error object in the body is a ``StackExchangeAPIError`` instead).
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The status was outside `200..<300` and the body held no error object.
        case unexpectedStatus(HTTPStatusCode)
        /// The body is still gzip-compressed.
        case compressedBody
        /// The body is not the wrapper the API documents; the text says where and why.
        case invalidData(String)
    }

    /// The page in `data`, with the wrapper's paging, quota and backoff.
    /// - Throws: ``StackExchangeAPIError`` when the body holds the API's error object (whatever the status),
    ///   otherwise ``Error``.
    public static func map(data: Data, response: HTTPResponse) throws -> QuestionsPage {
        let wrapper = try StackExchangeResponse.wrapper(
            of: QuestionDTO.self, data: data, response: response, failingWith: Error.self)
        return QuestionsPage(
            questions: wrapper.items.map(\.question),
            hasMore: wrapper.hasMore,
            quotaMax: wrapper.quotaMax,
            quotaRemaining: wrapper.quotaRemaining,
            backoffSeconds: StackExchangeResponse.backoff(wrapper.backoff)
        )
    }
}

extension QuestionsMapper.Error: StackExchangeMapperError {}

extension QuestionsMapper.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .unexpectedStatus(let status): ResponseText.unexpectedStatus(status)
        case .compressedBody: ResponseText.compressed
        case .invalidData(let reason): ResponseText.invalidData(reason)
        }
    }

    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .unexpectedStatus(let status): ResponseText.suggestion(status: status)
        case .compressedBody: ResponseText.compressedSuggestion
        case .invalidData: ResponseText.invalidDataSuggestion
        }
    }
}

/// Sentences shared by the mappers' errors.
enum ResponseText {
    static func unexpectedStatus(_ status: HTTPStatusCode) -> String {
        "The Stack Exchange API answered with HTTP \(status) and no error details."
    }

    static func suggestion(status: HTTPStatusCode) -> String? {
        switch status {
        case 404: "Check the server's base URL: it should point at the Stack Exchange API."
        case 429, 500...599: "Wait a moment, then try again."
        default: nil
        }
    }

    static let compressed = "The Stack Exchange API's response is still gzip-compressed."
    static let compressedSuggestion = "The HTTP client must decompress responses (the API always compresses them)."

    static func invalidData(_ reason: String) -> String {
        "The Stack Exchange API sent data that could not be read (\(reason))."
    }

    static let invalidDataSuggestion = "Check that the base URL points at the Stack Exchange API 2.3, then try again."
}
