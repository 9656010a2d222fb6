// Compiled into the harnesses that drive a transfer workflow: an `HTTPClient` that answers from a script built
// from the input, and a way to wait for async work from libFuzzer's synchronous entry point.

import Dispatch
import Foundation
import HTTPClient
import Synchronization

/// One scripted answer: a response with its body, or a cut connection (`response` `nil`).
struct FuzzReply: Sendable {
    var response: HTTPResponse?
    var body: Data
}

/// Answers requests in order from a script, recording each request and the body it carried; a request past the
/// end of the script throws ``FuzzScriptExhausted``.
final class ScriptedFuzzClient: HTTPClient {
    private let state: Mutex<(replies: [FuzzReply], requests: [(any HTTPRequest, Data?)])>

    init(_ replies: [FuzzReply]) {
        state = Mutex((replies, []))
    }

    var requests: [(any HTTPRequest, Data?)] { state.withLock { $0.requests } }

    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let reply = try state.withLock { state -> FuzzReply in
            state.requests.append((request, request.body))
            guard !state.replies.isEmpty else { throw FuzzScriptExhausted() }
            return state.replies.removeFirst()
        }
        guard let response = reply.response else {
            throw HTTPTransportError.connectionLost(underlying: FuzzScriptExhausted())
        }
        return (reply.body, response)
    }
}

/// The script had no answer left.
struct FuzzScriptExhausted: Error {}

/// Runs `work` to its end and returns its result, blocking the calling (libFuzzer's) thread.
///
/// The task holds neither `work` (nor what it captured) nor the result once it signals: both are taken out of a
/// box the task shares. Otherwise the task, released on another thread just after the signal, would keep them
/// alive past the input's end, and libFuzzer's leak check, which counts allocations per input, would report them
/// when that release comes late.
func runBlocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    let box = Mutex<(work: (@Sendable () async -> T)?, result: T?)>((work, nil))
    Task {
        await runTakingWork(from: box)
        done.signal()
    }
    done.wait()
    guard let value = box.withLock({ $0.result.take() }) else { fatalError("the work ended without a result") }
    return value
}

/// Takes the work out of `box`, runs it and puts its result back: nothing of it outlives this call's frame.
private func runTakingWork<T: Sendable>(from box: borrowing Mutex<(work: (@Sendable () async -> T)?, result: T?)>) async
{
    guard let work = box.withLock({ $0.work.take() }) else { return }
    let value = await work()
    box.withLock { $0.result = value }
}

/// `text` as a number when it is an optional `-` and digits that fit in 63 bits.
func fuzzNumber(_ text: String?) -> Int64? {
    text.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
}

/// `text` as a number when it is only ASCII digits that fit in 63 bits, as a strict header reader takes it.
func fuzzDigits(_ text: String) -> Int64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int64(trimmed)
}

/// Byte `i` of the files the harnesses transfer: `i % 251`.
func fuzzFileBytes(_ range: Range<Int>) -> Data {
    Data(range.map { UInt8($0 % 251) })
}
