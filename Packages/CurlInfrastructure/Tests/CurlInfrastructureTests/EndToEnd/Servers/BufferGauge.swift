import Foundation
import HTTPClient
import HTTPClientSupport

@testable import CurlInfrastructure

/// Counts the body bytes a streamed response holds in the client (the stream's buffer plus its decoder), and
/// lets a reader wait until the transport has filled the buffer.
final class BufferGauge: StreamBufferObserver {
    private struct State {
        var buffer = 0
        var decoder = 0
        var peak = 0
        var peakBuffer = 0
        var received: Int64 = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let total: Int64
    private let lag: Int
    private let state = LockedValue(State())

    /// - Parameters:
    ///   - total: The body's length on the wire.
    ///   - lag: How far behind the reader stays: after each read it waits until this many bytes are buffered.
    init(total: Int64, lag: Int) {
        self.total = total
        self.lag = lag
    }

    /// The most bytes held at once.
    var peak: Int { state.withLock { $0.peak } }

    /// The most bytes waiting in the stream's buffer at once.
    var peakBuffer: Int { state.withLock { $0.peakBuffer } }

    func record(_ bytes: Int, in holder: StreamBufferHolder) {
        update { state in
            switch holder {
            case .buffer: state.buffer = bytes
            case .decoder: state.decoder = bytes
            }
            state.peak = max(state.peak, state.buffer + state.decoder)
            state.peakBuffer = max(state.peakBuffer, state.buffer)
        }
    }

    /// The progress closure: follows the bytes received.
    var report: @Sendable (HTTPTransferProgress) -> Void {
        { progress in self.update { $0.received = progress.bytesReceived } }
    }

    /// Returns once `lag` bytes wait in the buffer, or every byte was received.
    func untilBehind() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if isBehind(state) { return true }
                state.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func update(_ change: (inout State) -> Void) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            change(&state)
            guard isBehind(state) else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    private func isBehind(_ state: State) -> Bool {
        state.buffer >= lag || state.received >= total
    }
}
