/// An error that states which kind of failure it is, as the ``ExitStatus`` the tool ends with.
///
/// Every error type that can reach the top of a command conforms: the App's own where they are defined, the
/// packages' in one `<Module>+CategorizedError.swift` file per module beside this one. An error that does not
/// conform exits ``ExitStatus/internalError`` (70), and its message names its type.
protocol CategorizedError: Error {
    /// The exit status this failure stands for. A wrapper answers with its underlying cause's
    /// (``FailureClassifier/status(for:)``).
    var exitStatus: ExitStatus { get }
}
