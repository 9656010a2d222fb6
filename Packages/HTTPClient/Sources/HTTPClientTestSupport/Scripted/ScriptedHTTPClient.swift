import Foundation
import HTTPClient
import HTTPClientSupport

/// An `HTTPClient` for tests: answers from a script of replies and records every request.
///
/// Replies are used in order; when the script runs out, the fallback handler answers (or the load
/// fails with ``ScriptedHTTPClient/ScriptExhausted``). Safe to call from many tasks at once.
///
/// ```swift
/// let client = ScriptedHTTPClient(replies: [.status(401), .status(200, body: "ok")])
/// ```
public actor ScriptedHTTPClient: HTTPClient {
    /// Answers a request dynamically.
    public typealias Handler = @Sendable (HTTPRequestSnapshot) async throws -> (Data, HTTPResponse)

    /// Thrown when a request arrives after the script ran out and there is no handler.
    public struct ScriptExhausted: Error, Equatable {
        /// The request that found no reply.
        public let request: HTTPRequestSnapshot

        /// Creates the error for `request`.
        public init(request: HTTPRequestSnapshot) {
            self.request = request
        }
    }

    private var replies: [Reply]
    private let fallback: Handler?
    private var received: [HTTPRequestSnapshot] = []
    private var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates a client that answers with `replies` in order, then with `fallback` if given.
    public init(replies: [Reply] = [], fallback: Handler? = nil) {
        self.replies = replies
        self.fallback = fallback
    }

    /// Creates a client that answers every request with `handler`.
    public init(handler: @escaping Handler) {
        self.init(replies: [], fallback: handler)
    }

    /// Every request received so far, in arrival order.
    public var requests: [HTTPRequestSnapshot] { received }

    /// Appends replies to the script.
    public func enqueue(_ newReplies: Reply...) {
        replies.append(contentsOf: newReplies)
    }

    /// Returns once at least `count` requests have arrived.
    public func waitForRequests(count: Int) async {
        if received.count >= count { return }
        await withCheckedContinuation { countWaiters.append((count, $0)) }
    }

    @discardableResult
    public func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let snapshot = HTTPRequestSnapshot(request)
        received.append(snapshot)
        resumeCountWaiters()
        if !replies.isEmpty {
            return try await replies.removeFirst().produce()
        }
        guard let fallback else { throw ScriptExhausted(request: snapshot) }
        return try await fallback(snapshot)
    }

    private func resumeCountWaiters() {
        let (ready, waiting) = (
            countWaiters.filter { $0.count <= received.count }, countWaiters.filter { $0.count > received.count }
        )
        countWaiters = waiting
        for waiter in ready { waiter.continuation.resume() }
    }
}
