/// What the files list shows at one moment.
public enum FilesViewState: Equatable, Sendable {
    /// The list is being loaded.
    case loading
    /// The list arrived (possibly empty).
    case loaded([RemoteFile])
    /// Loading failed; `message` says what happened and what to try.
    case failed(message: String)
}
