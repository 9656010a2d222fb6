import HTTPArchive

extension HARMissingBodyError: CategorizedError {
    /// The archive's answer lacks its body: the answer cannot be used (3).
    var exitStatus: ExitStatus { .invalidResponse }
}

extension HARReplayError: CategorizedError {
    /// The archive holds no answer for the request: like a server that cannot be reached.
    var exitStatus: ExitStatus { .networkFailure }
}

extension HARArchiveError: CategorizedError {
    /// An archive that cannot be written is a file failure; one that cannot be read or is not HAR is a
    /// `--replay` argument the tool cannot use.
    var exitStatus: ExitStatus {
        switch self {
        case .cannotWrite: .localFileFailure
        case .cannotRead, .notJSON, .notHAR, .invalidEntry: .usage
        }
    }
}

extension HARRecordedError: CategorizedError {
    /// The recorded cause inside a replayed `HTTPTransportError`: a network failure, as the error it explains.
    var exitStatus: ExitStatus { .networkFailure }
}
