import Foundation
import HTTPClient
import HTTPClientSupport

/// A request body on its way to libcurl: a pump task reads the `HTTPBody` into a small bounded buffer, and
/// libcurl's read callback (loop thread) takes bytes from it. A file body of known length skips the pump:
/// ``FileUploadReader`` reads it straight into libcurl's buffer.
///
/// When the buffer is empty the read callback pauses the transfer; the pump's next chunk (or the body's
/// end or error) asks the loop, through `resume`, to unpause it. A redirect that sends the body again
/// starts a new pass, which the pump reads from the beginning (only a replayable body is sent again).
final class UploadChannel: Sendable {
    /// The body's length: sent as `Content-Length` when known, else chunked (HTTP/1.1).
    let length: HTTPBodyLength
    /// Whether the body can be read again, for a redirect that keeps it.
    let isReplayable: Bool

    /// Buffered bytes at or past which the pump waits for libcurl to take some: ``CurlClient/uploadBufferSize``.
    static let capacity = CurlClient.uploadBufferSize
    /// The most bytes one read callback takes (libcurl's upload buffer, `CURLOPT_UPLOAD_BUFFERSIZE`): half the
    /// capacity, so the pump wakes once per read and refills while libcurl sends, and a file is read and sent
    /// in pieces of this size.
    static let readSize = capacity / 2

    /// What the read callback hands libcurl.
    enum Read {
        /// This many bytes were copied.
        case bytes(Int)
        /// The body ended.
        case end
        /// Nothing yet: pause sending until the pump has more.
        case pause
        /// Reading the body failed: stop the transfer with this error.
        case abort(any Error)
    }

    private struct State: Sendable {
        var pass = 0
        var chunks: [Data] = []
        /// How many bytes of the first chunk libcurl already took.
        var offset = 0
        var buffered = 0
        var ended = false
        var failure: (any Error)?
        var paused = false
        var closed = false
        var pumpWaiter: CheckedContinuation<Void, Never>?
    }

    private let state = LockedValue(State())
    private let resume: @Sendable () -> Void
    private let file: FileUploadReader?

    /// - Parameter resume: Asks the loop to unpause the transfer; called off the loop thread.
    init(_ body: HTTPBody, resume: @escaping @Sendable () -> Void) {
        length = body.length
        isReplayable = body.isReplayable
        self.resume = resume
        file =
            if let url = body.fileURL, case .known(let count) = body.length {
                FileUploadReader(url: url, length: count)
            } else {
                nil
            }
    }

    // MARK: Loop thread

    /// Copies the next bytes of the current pass into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Read {
        if let file { return file.read(into: buffer) }
        let (read, waiter): (Read, CheckedContinuation<Void, Never>?) = state.withLock { state in
            if let failure = state.failure { return (.abort(failure), nil) }
            guard state.buffered > 0 else {
                if state.ended { return (.end, nil) }
                state.paused = true
                return (.pause, nil)
            }
            var copied = 0
            while copied < buffer.count, let chunk = state.chunks.first {
                let count = min(buffer.count - copied, chunk.count - state.offset)
                let offset = state.offset
                chunk.withUnsafeBytes { bytes in
                    UnsafeMutableRawBufferPointer(rebasing: buffer[copied..<copied + count])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
                }
                copied += count
                state.offset += count
                if state.offset == chunk.count {
                    state.chunks.removeFirst()
                    state.offset = 0
                }
            }
            state.buffered -= copied
            guard state.buffered < Self.capacity else { return (.bytes(copied), nil) }
            defer { state.pumpWaiter = nil }
            return (.bytes(copied), state.pumpWaiter)
        }
        waiter?.resume()
        return read
    }

    /// Drops what the last pass buffered and has the pump read the body again from its start.
    func restart() {
        file?.restart()
        let waiter = state.withLock { state in
            state.pass += 1
            state.chunks = []
            state.offset = 0
            state.buffered = 0
            state.ended = false
            state.failure = nil
            state.paused = false
            defer { state.pumpWaiter = nil }
            return state.pumpWaiter
        }
        waiter?.resume()
    }

    /// Ends the pump: the transfer is over.
    func close() {
        file?.close()
        let waiter = state.withLock { state in
            state.closed = true
            state.chunks = []
            state.buffered = 0
            defer { state.pumpWaiter = nil }
            return state.pumpWaiter
        }
        waiter?.resume()
    }

    // MARK: Pump

    /// Reads `body` into the buffer, once per pass, until the transfer is over.
    func pump(_ body: HTTPBody) async {
        guard file == nil else { return }
        var pass = 0
        while true {
            await send(body, pass: pass)
            guard let next = await nextPass(after: pass) else { return }
            pass = next
        }
    }

    /// One pass over `body`. A sequence that ends (or throws) because the task was cancelled is not a
    /// complete body: that pass fails with `cancelled`, so libcurl never ends the request as if it were whole.
    private func send(_ body: HTTPBody, pass: Int) async {
        do {
            for try await chunk in body {
                guard await offer(chunk, pass: pass) else { return }
            }
            conclude(pass: pass, failure: Task.isCancelled ? HTTPTransportError.cancelled : nil)
        } catch {
            conclude(pass: pass, failure: Task.isCancelled ? HTTPTransportError.cancelled : error)
        }
    }

    /// Adds `chunk` once there is room. Returns `false` when the pass is over (a restart, or the end).
    private func offer(_ chunk: Data, pass: Int) async -> Bool {
        await wait(until: { $0.closed || $0.pass != pass || $0.buffered < Self.capacity })
        let wake: Bool? = state.withLock { state in
            guard !state.closed, state.pass == pass else { return nil }
            state.chunks.append(chunk)
            state.buffered += chunk.count
            defer { state.paused = false }
            return state.paused
        }
        guard let wake else { return false }
        if wake { resume() }
        return true
    }

    /// Marks the pass complete (or failed), waking a paused transfer to take the end.
    private func conclude(pass: Int, failure: (any Error)?) {
        let wake = state.withLock { state in
            guard !state.closed, state.pass == pass else { return false }
            if let failure { state.failure = failure } else { state.ended = true }
            defer { state.paused = false }
            return state.paused
        }
        if wake { resume() }
    }

    /// Waits for a restart (its pass number) or the end of the transfer (`nil`).
    private func nextPass(after pass: Int) async -> Int? {
        await wait(until: { $0.closed || $0.pass != pass })
        return state.withLock { $0.closed ? nil : $0.pass }
    }

    /// Waits until `isReady` holds; the one waiter is woken by any change, so it checks again each time.
    private func wait(until isReady: @escaping (State) -> Bool) async {
        while !state.withLock({ isReady($0) }) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if isReady(state) { return true }
                    state.pumpWaiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }
}
