import TokenFeatureAPI

extension TokenMapper.Error: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .unexpectedStatus: .serverError
        case .invalidUTF8, .emptyToken: .invalidResponse
        }
    }
}

extension AccessTokenMapper.Error: CategorizedError {
    /// The token-issuing endpoint answered, but not with a usable token (its error statuses are
    /// `HTTPError`s, thrown by the issuing chain before the mapper sees them).
    var exitStatus: ExitStatus {
        switch self {
        case .unexpectedStatus, .invalidJSON, .invalidToken, .unsupportedTokenType: .invalidResponse
        }
    }
}

extension TokenUpdateMapper.Error: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .unexpectedStatus: .serverError
        }
    }
}
