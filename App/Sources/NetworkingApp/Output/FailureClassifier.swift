import Foundation
import HTTPArchive
import HTTPCaching
import HTTPClient
import HTTPClientDecorators
import QuestionsFeatureAPI
import TokenFeatureAPI
import URLSessionInfrastructure

/// Decides which ``ExitStatus`` an error stands for, looking through wrappers to the underlying cause.
///
/// An answer that arrived but cannot be used is 3 whatever layer noticed: malformed JSON, a wrong
/// `Content-Type`, a body that fails content decoding, or one larger than the client's limit.
enum FailureClassifier {
    static func status(for error: any Error) -> ExitStatus {
        switch error {
        case is UsageError, is URLSessionClient.ConfigurationError:
            return .usage
        case let error as TokenRefreshError:
            if case .refreshFailed(let underlying) = error { return status(for: underlying) }
            return .serverError
        case let error as AuthenticatedHTTPClient.Error:
            if case .missingAccessToken(let underlying) = error { return status(for: underlying) }
            return .serverError
        case .responseTooLarge as HTTPTransportError, .undecodableContent as HTTPTransportError:
            return .invalidResponse
        case is HTTPTransportError, is HTTPCacheError, is HARReplayError, is OfflineWithoutCache:
            return .networkFailure
        case is BackoffInEffect:
            return .serverError
        case is DiskHTTPCacheStore.Error, is CacheUnavailable:
            return .localFileFailure
        case is HTTPError, is StackExchangeAPIError:
            return .serverError
        case let error as TokenMapper.Error:
            if case .unexpectedStatus = error { return .serverError }
            return .invalidResponse
        case let error as TokenUpdateMapper.Error:
            if case .unexpectedStatus = error { return .serverError }
            return .invalidResponse
        case let error as QuestionsMapper.Error:
            if case .unexpectedStatus = error { return .serverError }
            return .invalidResponse
        case let error as QuestionMapper.Error:
            switch error {
            case .notFound: return .notFound
            case .unexpectedStatus: return .serverError
            case .compressedBody, .invalidData: return .invalidResponse
            }
        case let error as AvatarMapper.Error:
            if case .unexpectedStatus = error { return .serverError }
            return .invalidResponse
        case is ContentTypeValidationError, is AccessTokenMapper.Error, is AvatarRequest.Error:
            return .invalidResponse
        case is MissingAvatar:
            return .notFound
        case is CocoaError, is OutputFile.Error:
            return .localFileFailure
        default:
            return .networkFailure
        }
    }

    /// One line naming the cause, for standard error.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// `--save-avatar` was given but the question's owner has no avatar to save.
struct MissingAvatar: Error, CustomStringConvertible {
    let reason: String
    var description: String { "no avatar to save: \(reason)" }
}
