import Foundation

/// Runs the files actions and reports what to show, state by state.
///
/// The feature knows nothing about HTTP: the composition root passes ``FilesActions``.
///
/// ```swift
/// let model = FilesViewModel(actions: actions)
/// for await state in model.load() { print(FilesRenderer.render(state)) }
/// for await state in model.download(name: "photo.jpg", to: destination) { print(FilesRenderer.render(state)) }
/// ```
///
/// Every stream ends after its final state. Ending the iteration early cancels the action; a cancelled action
/// yields nothing more. Action streams keep only the newest 16 states when the reader falls behind, so a slow
/// reader sees the latest progress and always the final state.
public struct FilesViewModel: Sendable {
    private let actions: FilesActions

    /// Creates a view model that acts through `actions`.
    public init(actions: FilesActions) {
        self.actions = actions
    }

    /// Lists: yields ``FilesViewState/loading``, then `.loaded` or `.failed`, then finishes.
    public func load() -> AsyncStream<FilesViewState> {
        let list = actions.list
        return AsyncStream { continuation in
            continuation.yield(.loading)
            let task = Task {
                do {
                    continuation.yield(.loaded(try await list()))
                } catch {
                    if !Task.isCancelled {
                        continuation.yield(.failed(message: FailureMessage.text("Could not list the files", error)))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Downloads `name` to `destination`: `.running` states, then `.downloaded` or `.failed`.
    public func download(name: String, to destination: URL) -> AsyncStream<FileActionState> {
        let download = actions.download
        return Self.run(failure: "Could not download \(name)") { progress in
            try await download(name, destination, progress)
            return .downloaded(name: name, destination: destination)
        }
    }

    /// Uploads `files`: `.running` states, then `.uploaded` or `.failed`.
    public func upload(_ files: [URL]) -> AsyncStream<FileActionState> {
        let upload = actions.upload
        let subject = files.count == 1 ? files[0].lastPathComponent : "\(files.count) files"
        return Self.run(failure: "Could not upload \(subject)") { progress in
            .uploaded(try await upload(files, progress))
        }
    }

    /// Deletes `name`: `.running(nil)`, then `.deleted` or `.failed`.
    public func delete(name: String) -> AsyncStream<FileActionState> {
        let delete = actions.delete
        return Self.run(failure: "Could not delete \(name)") { _ in
            try await delete(name)
            return .deleted(name: name)
        }
    }

    private static let bufferedStates = 16

    private static func run(
        failure: String,
        _ action: @escaping @Sendable (@escaping FilesActions.ReportProgress) async throws -> FileActionState
    ) -> AsyncStream<FileActionState> {
        AsyncStream(bufferingPolicy: .bufferingNewest(Self.bufferedStates)) { continuation in
            continuation.yield(.running(nil))
            let task = Task {
                do {
                    let final = try await action { continuation.yield(.running($0)) }
                    continuation.yield(final)
                } catch {
                    if !Task.isCancelled {
                        continuation.yield(.failed(message: FailureMessage.text(failure, error)))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
