import HTTPClient
import HTTPClientSupport

/// The identity of one load and its cancellation state, shared by the calling task and the loop thread.
///
/// A cancellation that comes before the load reached the loop stops it from being sent at all; one that
/// comes after is forwarded to the loop as a command, always after the load's own start command.
final class TransferTicket: Sendable {
    private enum Phase {
        case new
        case submitted
        case cancelled
    }

    private let phase = LockedValue(Phase.new)

    /// Runs `submit` (which hands the load to the loop) unless the ticket was cancelled first.
    /// - Returns: Whether `submit` ran.
    func submit(_ submit: () -> Void) -> Bool {
        phase.withLock { phase in
            guard case .new = phase else { return false }
            submit()
            phase = .submitted
            return true
        }
    }

    /// Marks the ticket cancelled.
    /// - Returns: Whether the load had reached the loop, which must then be told to stop it.
    func cancel() -> Bool {
        phase.withLock { phase in
            defer { phase = .cancelled }
            guard case .submitted = phase else { return false }
            return true
        }
    }
}
