/// The tool's exit statuses: 0 success, below 64 a runtime failure by kind, 64 a usage error, 70 a bug.
///
/// An error states its kind by conforming to ``CategorizedError``; ``FailureClassifier`` reads it.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    /// The server could not be reached, timed out, or dropped the connection.
    case networkFailure = 1
    /// The server or API answered with an error: an HTTP error status, an API error object, a rejected token.
    case serverError = 2
    /// The response could not be used: malformed JSON, not UTF-8, empty, or the wrong content type.
    case invalidResponse = 3
    /// What was asked for does not exist (an unknown question ID, no avatar).
    case notFound = 4
    /// A local file could not be read or written.
    case localFileFailure = 5
    /// The command line was wrong (see `networking --help`).
    case usage = 64
    /// An error that states no kind reached the top: a bug in the tool (`EX_SOFTWARE`).
    case internalError = 70
}
