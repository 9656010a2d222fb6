import HTTPCaching

extension HTTPCacheError: CategorizedError {
    /// `--offline` and the answer is not cached: like a server that cannot be reached.
    var exitStatus: ExitStatus { .networkFailure }
}

extension DiskHTTPCacheStore.Error: CategorizedError {
    var exitStatus: ExitStatus { .localFileFailure }
}
