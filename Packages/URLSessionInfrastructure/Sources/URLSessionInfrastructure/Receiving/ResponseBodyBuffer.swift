import Foundation
import HTTPClient
import HTTPClientSupport

/// Holds a streamed response's bytes between the session's delegate, which cannot wait, and the body's one
/// reader, which reads at its own pace.
///
/// Up to ``Limits/memory`` bytes wait in memory. Past that, ``Overflow/spill(directory:bounds:)`` writes later
/// bytes to a ``SpillFile`` until the reader has caught up (FoundationNetworking cannot pause a receive),
/// within its ``SpillBounds``: a file that would grow past their size, or a reader that has not read for their
/// stall timeout while the file holds bytes, fails the body and stops the producer; and
/// ``Overflow/pause(resumeBelow:)`` asks the producer to pause until the reader brings the memory under the
/// low mark. Every byte comes out in the order it went in. A failure or ``close()`` drops what is held and
/// removes the file at once; the end removes it when the reader reaches it.
final class ResponseBodyBuffer: Sendable {
    private enum End {
        case finished
        case failed(any Error)
    }

    private struct State {
        var chunks: [Data] = []
        var memoryBytes = 0
        var spill: SpillFile?
        var end: End?
        var reader: CheckedContinuation<Void, Never>?
        var producer: Producer?
        var isPaused = false
        /// When the reader last read, or bytes began waiting in the spill file if that came later.
        var waitingSince = ContinuousClock.now
        var isStallCheckScheduled = false

        var hasBytes: Bool { !chunks.isEmpty || (spill?.unread ?? 0) > 0 }

        mutating func dropBytes() {
            chunks = []
            memoryBytes = 0
            spill?.remove()
            spill = nil
        }

        mutating func wakeReader() {
            reader?.resume()
            reader = nil
        }
    }

    /// The most bytes one read takes from the spill file.
    static let fileReadSize = 64 * 1024

    private let limits: Limits
    private let state = LockedValue(State())
    private let failureObserver: (@Sendable (HTTPTransportError) -> Void)?

    /// - Parameters:
    ///   - limits: How much to hold in memory and where the rest goes.
    ///   - failureObserver: Told when the buffer fails on its own limits (a full spill file or a stalled
    ///     reader), after the producer was stopped.
    init(limits: Limits, failureObserver: (@Sendable (HTTPTransportError) -> Void)? = nil) {
        self.limits = limits
        self.failureObserver = failureObserver
    }

    /// Lets the buffer pause and resume `producer` (see ``Overflow/pause(resumeBelow:)``).
    func attach(_ producer: Producer) {
        state.withLock { $0.producer = producer }
    }

    /// Stores `data` after the bytes already held; does nothing once the buffer ended.
    /// - Returns: The error that stopped the buffer when the spill file could not be written or is full
    ///   (`HTTPTransportError.other(underlying:)`), else `nil`.
    func append(_ data: Data) -> HTTPTransportError? {
        let failure = state.withLock { state -> HTTPTransportError? in
            guard state.end == nil, !data.isEmpty else { return nil }
            defer { state.wakeReader() }
            guard case .spill(let directory, let bounds) = limits.overflow,
                state.spill.map({ $0.unread > 0 }) == true || state.memoryBytes + data.count > limits.memory
            else {
                state.chunks.append(data)
                state.memoryBytes += data.count
                if state.memoryBytes > limits.memory, !state.isPaused, let producer = state.producer {
                    state.isPaused = true
                    producer.pause()
                }
                return nil
            }
            do {
                var spill = try state.spill ?? SpillFile(in: directory)
                state.spill = spill
                guard spill.unread + UInt64(data.count) <= UInt64(bounds.maximumBytes) else {
                    throw URLSessionClient.TransferError.spillLimitReached(limit: bounds.maximumBytes)
                }
                if spill.unread == 0 { state.waitingSince = .now }
                try spill.write(data)
                state.spill = spill
                scheduleStallCheck(&state, after: bounds.stallTimeout)
                return nil
            } catch {
                let failure = HTTPTransportError.other(underlying: error)
                state.end = .failed(failure)
                state.dropBytes()
                return failure
            }
        }
        if let failure { failureObserver?(failure) }
        return failure
    }

    /// Ends the body after the bytes held: the reader gets them, then the end.
    func finish() {
        state.withLock { state in
            guard state.end == nil else { return }
            state.end = .finished
            state.wakeReader()
        }
    }

    /// Ends the body with `error`, dropping the bytes held: the reader's next read throws it.
    func fail(_ error: any Error) {
        state.withLock { state in
            guard state.end == nil else { return }
            state.end = .failed(error)
            state.dropBytes()
            state.wakeReader()
        }
    }

    /// Ends the body for good once its reader is done with it (its reads throw `HTTPTransportError.cancelled`),
    /// dropping the bytes held and removing the spill file.
    func close() {
        state.withLock { state in
            state.end = .failed(HTTPTransportError.cancelled)
            state.dropBytes()
            state.wakeReader()
        }
    }

    /// The next bytes in order, or `nil` at the end; suspends while none are held.
    /// - Throws: The error the body failed with, `HTTPBodyError.unreadableFile(path:underlying:)` when the
    ///   spill file cannot be read, or `HTTPTransportError.cancelled` when the reading Task is cancelled.
    func next() async throws -> Data? {
        while true {
            switch try take() {
            case .chunk(let chunk): return chunk
            case .end: return nil
            case .wait: try await waitForBytes()
            }
        }
    }

    private enum Take {
        case chunk(Data)
        case end
        case wait
    }

    /// The oldest chunk held (memory first, then the file), the end, or `.wait` when there is neither yet.
    private func take() throws -> Take {
        try state.withLock { state throws -> Take in
            state.waitingSince = .now
            if !state.chunks.isEmpty {
                let chunk = state.chunks.removeFirst()
                state.memoryBytes -= chunk.count
                resumeProducerIfDrained(&state)
                return .chunk(chunk)
            }
            if var spill = state.spill, spill.unread > 0 {
                do {
                    let chunk = try spill.read(upTo: Self.fileReadSize)
                    state.spill = spill
                    return .chunk(chunk)
                } catch {
                    let failure = HTTPBodyError.unreadableFile(path: spill.url.path, underlying: error)
                    state.end = .failed(failure)
                    state.dropBytes()
                    throw failure
                }
            }
            switch state.end {
            case .finished?:
                state.dropBytes()
                return .end
            case .failed(let error)?:
                throw error
            case nil:
                return .wait
            }
        }
    }

    private func resumeProducerIfDrained(_ state: inout State) {
        guard state.isPaused, case .pause(let low) = limits.overflow, state.memoryBytes <= low else { return }
        state.isPaused = false
        state.producer?.resume()
    }

    /// Checks for a stalled reader `seconds` from now, unless a check is already due.
    private func scheduleStallCheck(_ state: inout State, after seconds: TimeInterval) {
        guard !state.isStallCheckScheduled else { return }
        state.isStallCheckScheduled = true
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in self?.checkStall() }
    }

    /// Fails the body and stops the producer when the spill file has held bytes for the stall timeout since
    /// the reader last read; otherwise checks again when that time would be up.
    private func checkStall() {
        guard case .spill(_, let bounds) = limits.overflow else { return }
        let stalled = state.withLock { state -> (HTTPTransportError, Producer?)? in
            state.isStallCheckScheduled = false
            guard state.end == nil, let spill = state.spill, spill.unread > 0 else { return nil }
            let waited = state.waitingSince.duration(to: .now)
            let remaining =
                bounds.stallTimeout - Double(waited.components.seconds)
                - Double(waited.components.attoseconds) / 1e18
            guard remaining <= 0 else {
                scheduleStallCheck(&state, after: remaining)
                return nil
            }
            let cause = URLSessionClient.TransferError.readerStalled(seconds: bounds.stallTimeout)
            let failure = HTTPTransportError.timedOut(underlying: cause)
            state.end = .failed(failure)
            state.dropBytes()
            state.wakeReader()
            return (failure, state.producer)
        }
        guard let (failure, producer) = stalled else { return }
        producer?.stop()
        failureObserver?(failure)
    }

    private func waitForBytes() async throws {
        try Task.checkCancellationAsTransportError()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock { state in
                    if state.hasBytes || state.end != nil || Task.isCancelled {
                        continuation.resume()
                    } else {
                        state.reader = continuation
                    }
                }
            }
        } onCancel: {
            state.withLock { $0.wakeReader() }
        }
    }
}
