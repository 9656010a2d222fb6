import Synchronization

/// Remembers the last error a feature closure threw, so the tool can pick an exit status after the
/// feature has turned the error into a message.
final class ErrorRecorder: Sendable {
    private let storage = Mutex<(any Error)?>(nil)

    /// The last recorded error.
    var lastError: (any Error)? { storage.withLock { $0 } }

    /// Wraps `work` so that an error it throws is recorded, then rethrown.
    func recording<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch {
            storage.withLock { $0 = error }
            throw error
        }
    }
}
