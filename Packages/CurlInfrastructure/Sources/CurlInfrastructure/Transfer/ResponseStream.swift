import CCurl
import Foundation
import HTTPClient
import HTTPClientSupport

/// The sink of ``CurlClient/stream(request:body:progress:receive:)``: a bounded buffer between libcurl's
/// write callback (loop thread) and the caller's single reader of the response body.
///
/// Past ``highWatermark`` buffered bytes (``encodedHighWatermark`` for a body the reader decodes, see
/// ``DecodedChunks``) the write callback pauses the transfer and keeps nothing. Each read takes everything
/// buffered as one `Data` (one hand-off per batch, not per chunk) and, when the transfer is paused, `resume`
/// asks the loop to unpause it. So a slow reader holds at most the high watermark in the client plus the batch
/// it is reading, and libcurl one chunk of ``receiveBufferSize``.
final class ResponseStream: ResponseSink, Sendable {
    /// The final response's status, headers and body length.
    struct Start: Sendable {
        let response: HTTPResponse
        let length: HTTPBodyLength
        /// The content codings the reader decodes, in the order they were applied; empty when none.
        let codings: [ContentCoding]
    }

    /// Buffered bytes past which the transfer pauses: ``CurlClient/streamBufferLimit``.
    static let highWatermark = CurlClient.streamBufferLimit
    /// The same for a body the reader decodes: ``CurlClient/streamEncodedBufferLimit``.
    static let encodedHighWatermark = CurlClient.streamEncodedBufferLimit
    /// The size of libcurl's receive buffer for a streamed body: ``CurlClient/streamReceiveBufferSize``.
    static let receiveBufferSize = CurlClient.streamReceiveBufferSize

    private struct State: Sendable {
        var start: Start?
        var pending = Data()
        var paused = false
        var limit = ResponseStream.highWatermark
        var end: TransferResult?
        var startWaiter: CheckedContinuation<Void, Never>?
        var chunkWaiter: CheckedContinuation<Void, Never>?
        var endWaiter: CheckedContinuation<Void, Never>?
    }

    private let state = LockedValue(State())
    private let resume: @Sendable () -> Void
    private let observer: (any StreamBufferObserver)?

    /// - Parameters:
    ///   - resume: Asks the loop to unpause the transfer; called off the loop thread.
    ///   - observer: Told how many bytes wait, for tests.
    init(resume: @escaping @Sendable () -> Void, observer: (any StreamBufferObserver)? = nil) {
        self.resume = resume
        self.observer = observer
    }

    // MARK: Loop thread

    func begin(_ response: HTTPResponse, head: ResponseHead, length: HTTPBodyLength) -> HTTPTransportError? {
        let codings = ContentCoding.decoded(response, length: length)
        let waiter = state.withLock { state in
            state.start = Start(response: response, length: length, codings: codings)
            if !codings.isEmpty { state.limit = Self.encodedHighWatermark }
            defer { state.startWaiter = nil }
            return state.startWaiter
        }
        waiter?.resume()
        return nil
    }

    func accept(_ bytes: UnsafeRawBufferPointer) -> BodyVerdict {
        let outcome: (BodyVerdict, CheckedContinuation<Void, Never>?) = state.withLock { state in
            if !state.pending.isEmpty, state.pending.count + bytes.count > state.limit {
                state.paused = true
                return (.pause, nil)
            }
            if let base = bytes.baseAddress {
                state.pending.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            }
            observer?.record(state.pending.count, in: .buffer)
            defer { state.chunkWaiter = nil }
            return (.accepted, state.chunkWaiter)
        }
        outcome.1?.resume()
        return outcome.0
    }

    /// The transfer ended. A reader gets the bytes that arrived before a failure, then the failure; when the
    /// transfer was cancelled (the caller stopped it) they are dropped at once.
    func finish(_ result: TransferResult) {
        let waiters = state.withLock { state in
            state.end = result
            if case .failure(.transport(let error)) = result, error.kind == .cancelled {
                state.pending = Data()
            }
            defer {
                state.startWaiter = nil
                state.chunkWaiter = nil
                state.endWaiter = nil
            }
            return [state.startWaiter, state.chunkWaiter, state.endWaiter]
        }
        for waiter in waiters { waiter?.resume() }
    }

    // MARK: Caller

    /// Waits for the final response's head.
    /// - Throws: What ended the transfer before a head arrived.
    func head() async throws -> Start {
        await wait(until: { $0.start != nil || $0.end != nil }, register: { $0.startWaiter = $1 })
        return try state.withLock { state throws -> Start in
            if let start = state.start { return start }
            if case .failure(let failure) = state.end { throw failure.error }
            let error = CurlError(CURLE_WEIRD_SERVER_REPLY, "no response head")
            throw HTTPTransportError.invalidResponse(underlying: error)
        }
    }

    /// Every body byte buffered so far as one chunk, or `nil` after the last one.
    /// - Throws: What ended the transfer early (`HTTPTransportError.cancelled` once the caller stopped it).
    func next() async throws -> Data? {
        await wait(until: { !$0.pending.isEmpty || $0.end != nil }, register: { $0.chunkWaiter = $1 })
        let (chunk, wakeLoop) = try state.withLock { state throws -> (Data?, Bool) in
            guard !state.pending.isEmpty else {
                if case .failure(let failure) = state.end { throw failure.error }
                return (nil, false)
            }
            let chunk = state.pending
            state.pending = Data()
            observer?.record(0, in: .buffer)
            let wake = state.paused
            if wake { state.paused = false }
            return (chunk, wake)
        }
        if wakeLoop { resume() }
        return chunk
    }

    /// Whether the transfer ended.
    var hasEnded: Bool { state.withLock { $0.end != nil } }

    /// Waits until the transfer ended and its handle was released.
    func ended() async {
        await wait(until: { $0.end != nil }, register: { $0.endWaiter = $1 })
    }

    private func wait(
        until isReady: @escaping (State) -> Bool,
        register: @escaping (inout State, CheckedContinuation<Void, Never>) -> Void
    ) async {
        while !state.withLock({ isReady($0) }) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if isReady(state) { return true }
                    register(&state, continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }
}
