/// What the files screen shows at one moment.
public enum FilesViewState: Equatable, Sendable {
    /// The files are being loaded.
    case loading
    /// The files arrived (possibly none).
    case loaded([File])
    /// Loading failed; `message` says what happened.
    case failed(message: String)
}
