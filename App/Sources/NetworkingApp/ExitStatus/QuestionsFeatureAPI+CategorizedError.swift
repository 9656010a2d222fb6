import QuestionsFeatureAPI

/// The API asked to wait and the answer is not cached: the server's condition, as a throttle is.
extension BackoffInEffect: CategorizedError {
    var exitStatus: ExitStatus { .serverError }
}

extension StackExchangeAPIError: CategorizedError {
    var exitStatus: ExitStatus { .serverError }
}

extension QuestionsMapper.Error: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .unexpectedStatus: .serverError
        case .compressedBody, .invalidData: .invalidResponse
        }
    }
}

extension QuestionMapper.Error: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .notFound: .notFound
        case .unexpectedStatus: .serverError
        case .compressedBody, .invalidData: .invalidResponse
        }
    }
}

extension AvatarMapper.Error: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .unexpectedStatus: .serverError
        case .emptyBody: .invalidResponse
        }
    }
}

extension AvatarRequest.Error: CategorizedError {
    /// The answer named an avatar URL the tool cannot load.
    var exitStatus: ExitStatus { .invalidResponse }
}
