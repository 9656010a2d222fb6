import Foundation

/// Loads a question, then its owner's avatar, and never starts the same load twice at once.
///
/// The question comes first, because only it says where the avatar is; the
/// avatar follows when the owner has a profile image. A failed avatar does not fail the detail: it is
/// reported in ``QuestionDetail/avatarError``.
///
/// A guard against duplicate requests: while a load for an ID is in flight,
/// another `load` of that ID waits for the same result instead of sending the requests again. Once it ends,
/// the next `load` starts afresh. Cancelling a caller cancels the shared load only when no other caller
/// still waits for it.
public actor QuestionDetailLoader {
    /// Loads a question with its body.
    public typealias LoadQuestion = @Sendable (Question.ID) async throws -> Question
    /// Loads an image from an absolute URL.
    public typealias LoadAvatar = @Sendable (URL) async throws -> Avatar

    private struct InFlight {
        let task: Task<QuestionDetail, any Error>
        var waiters: Int
    }

    private let loadQuestion: LoadQuestion
    private let loadAvatar: LoadAvatar
    private var inFlight: [Question.ID: InFlight] = [:]

    /// Creates a loader.
    /// - Parameters:
    ///   - loadQuestion: Loads a question with its body.
    ///   - loadAvatar: Loads the owner's profile image from its absolute URL.
    public init(loadQuestion: @escaping LoadQuestion, loadAvatar: @escaping LoadAvatar) {
        self.loadQuestion = loadQuestion
        self.loadAvatar = loadAvatar
    }

    /// The question `id` with its owner's avatar, joining a load of the same ID already in flight.
    /// - Throws: What `loadQuestion` throws, or `CancellationError`.
    public func load(_ id: Question.ID) async throws -> QuestionDetail {
        let task = join(id)
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            Task { await self.leave(id, task) }
        }
        if inFlight[id]?.task == task { inFlight[id] = nil }
        return try result.get()
    }

    /// Whether a load of `id` is in flight.
    public func isLoading(_ id: Question.ID) -> Bool {
        inFlight[id] != nil
    }

    /// How many callers wait for the load of `id` in flight; 0 when none is.
    public func waitingCallers(for id: Question.ID) -> Int {
        inFlight[id]?.waiters ?? 0
    }

    private func join(_ id: Question.ID) -> Task<QuestionDetail, any Error> {
        if var entry = inFlight[id] {
            entry.waiters += 1
            inFlight[id] = entry
            return entry.task
        }
        let (loadQuestion, loadAvatar) = (self.loadQuestion, self.loadAvatar)
        let task = Task { try await Self.fetch(id, loadQuestion: loadQuestion, loadAvatar: loadAvatar) }
        inFlight[id] = InFlight(task: task, waiters: 1)
        return task
    }

    private func leave(_ id: Question.ID, _ task: Task<QuestionDetail, any Error>) {
        guard var entry = inFlight[id], entry.task == task else { return }
        entry.waiters -= 1
        if entry.waiters > 0 {
            inFlight[id] = entry
        } else {
            inFlight[id] = nil
            task.cancel()
        }
    }

    private static func fetch(
        _ id: Question.ID, loadQuestion: LoadQuestion, loadAvatar: LoadAvatar
    ) async throws -> QuestionDetail {
        let question = try await loadQuestion(id)
        guard let url = question.owner?.profileImage else { return QuestionDetail(question: question) }
        do {
            return QuestionDetail(question: question, avatar: try await loadAvatar(url))
        } catch {
            if error is CancellationError || Task.isCancelled { throw error }
            return QuestionDetail(question: question, avatarError: FailureMessage.reason(error))
        }
    }
}
