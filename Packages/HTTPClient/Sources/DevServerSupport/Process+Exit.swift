import Foundation

extension Process {
    /// Starts the process and returns its termination status once it exited, without blocking a thread.
    /// - Throws: The error of `run()` when the process could not be started.
    public func runUntilExit() async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try run()
            } catch {
                terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}
