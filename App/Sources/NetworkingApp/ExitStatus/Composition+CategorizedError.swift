import NetworkingComposition

extension CacheUnavailable: CategorizedError {
    var exitStatus: ExitStatus { .localFileFailure }
}

extension AccessTokenSource.NotConfigured: CategorizedError {
    /// The refreshing chain asks the server for a token instead; this reaches the top only when that request
    /// could not be made either.
    var exitStatus: ExitStatus { .networkFailure }
}

extension TrafficArchive.ReplayFileError: CategorizedError {
    var exitStatus: ExitStatus { .usage }
}

/// `files download` was given a name without a file name (a usage error, 64) or a place it cannot write (5).
extension DownloadTargetError: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .noFileName: .usage
        case .missingFolder, .readOnly, .notAFile, .cannotInspect: .localFileFailure
        }
    }
}

/// `files upload` whose records cannot be kept (5), or `--cancel --protocol multipart` (a usage error, 64).
extension UploadCommandError: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .recordsUnavailable: .localFileFailure
        case .multipartCannotBeCancelled: .usage
        }
    }
}
