/// Runs the closure that loads the files and reports what to show, state by state.
///
/// The feature knows nothing about HTTP: the composition root passes the closure.
///
/// ```swift
/// let model = FilesViewModel(loadFiles: { try await api.loadFiles() })
/// for await state in model.load() { print(FilesRenderer.render(state)) }
/// ```
public struct FilesViewModel: Sendable {
    /// Loads the files.
    public typealias LoadFiles = @Sendable () async throws -> [File]

    private let loadFiles: LoadFiles

    /// Creates a view model that loads with `loadFiles`.
    public init(loadFiles: @escaping LoadFiles) {
        self.loadFiles = loadFiles
    }

    /// Loads: yields ``FilesViewState/loading``, then `.loaded` or `.failed`, then finishes.
    ///
    /// Ending the iteration early cancels the load; a cancelled load yields nothing more.
    public func load() -> AsyncStream<FilesViewState> {
        let loadFiles = loadFiles
        return AsyncStream { continuation in
            continuation.yield(.loading)
            let task = Task {
                do {
                    continuation.yield(.loaded(try await loadFiles()))
                } catch {
                    if !Task.isCancelled {
                        continuation.yield(.failed(message: "Could not load the files: \(error)"))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
