extension CacheUnavailable: CategorizedError {
    var exitStatus: ExitStatus { .localFileFailure }
}

extension TokenFeatureComposer.NoAccessTokenConfigured: CategorizedError {
    /// The refreshing chain asks the server for a token instead; this reaches the top only when that request
    /// could not be made either.
    var exitStatus: ExitStatus { .networkFailure }
}

extension TrafficArchive.ReplayFileError: CategorizedError {
    var exitStatus: ExitStatus { .usage }
}
