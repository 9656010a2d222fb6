import TokenFeatureAPI

extension TokenMapper.Error: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .unexpectedStatus: .serverError
        case .invalidUTF8, .emptyToken: .invalidResponse
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
