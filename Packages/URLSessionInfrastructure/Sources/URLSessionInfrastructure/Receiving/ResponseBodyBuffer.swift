import Foundation
import HTTPClient
import HTTPClientSupport

/// Holds a streamed response's bytes between the session's delegate, which cannot wait, and the body's one
/// reader, which reads at its own pace.
///
/// Up to ``Limits/memory`` bytes wait in memory. Past that, ``Overflow/spill(directory:)`` writes later
/// bytes to a ``SpillFile`` until the reader has caught up (FoundationNetworking cannot pause a receive), and
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

    init(limits: Limits) {
        self.limits = limits
    }

    /// Lets the buffer pause and resume `producer` (see ``Overflow/pause(resumeBelow:)``).
    func attach(_ producer: Producer) {
        state.withLock { $0.producer = producer }
    }

    /// Stores `data` after the bytes already held; does nothing once the buffer ended.
    /// - Returns: The error that stopped the buffer when the spill file could not be written, else `nil`.
    func append(_ data: Data) -> HTTPTransportError? {
        state.withLock { state -> HTTPTransportError? in
            guard state.end == nil, !data.isEmpty else { return nil }
            defer { state.wakeReader() }
            guard case .spill(let directory) = limits.overflow,
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
                try spill.write(data)
                state.spill = spill
                return nil
            } catch {
                let failure = HTTPTransportError.other(underlying: error)
                state.end = .failed(failure)
                state.dropBytes()
                return failure
            }
        }
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
