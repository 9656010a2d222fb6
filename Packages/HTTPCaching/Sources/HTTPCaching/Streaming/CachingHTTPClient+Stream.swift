import Foundation
import HTTPClient
import HTTPClientSupport

/// Streaming through the cache: the rules of ``CachingHTTPClient/load(request:)``, with bodies read in chunks.
extension CachingHTTPClient {
    /// Answers `request` as ``load(request:)`` does, handing `receive` the body as it is read.
    ///
    /// - A `GET` answered by the store (fresh, accepted stale, offline, or confirmed by a `304`) gets the stored
    ///   body read in chunks: from its file, in a ``DiskHTTPCacheStore``.
    /// - An answer from the origin that may be stored, with a known length that the store takes
    ///   (``HTTPCacheStore/entryWriter(for:entry:bodyLength:)``), is written as `receive` reads it and kept only
    ///   when `receive` returns after reading all of it; an error, a cancellation or an early stop stores nothing.
    ///   An unknown length or one past the store's limit passes straight through, unstored.
    /// - An unsafe request streams through and invalidates as in `load`, once the response head is in; its answer
    ///   is not stored for `GET`.
    /// - A request with a `body`, or one that passes through in `load` (its own preconditions, a withheld
    ///   credential), streams straight to the origin unless the store answers its conditions.
    /// - A `HEAD`, a `GET` with `Range`, a stale answer within `stale-while-revalidate` and the completion of a
    ///   stored part are answered as `load` answers them, in memory.
    ///
    /// The answer's outcome goes to `HTTPLoadObservation.current` before `receive` gets the answer.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        try await streamAnswer(request: request, body: body, progress: progress) { response, received in
            HTTPCacheOutcome.report(response)
            return try await receive(response, received)
        }
    }

    private func streamAnswer<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let key = HTTPCacheKey(request: request)
        guard request.method == .get || request.method == .head else {
            return try await streamUnsafe(request, key: key, body: body, progress: progress, receive: receive)
        }
        let directives = RequestDirectives(request.headers)
        if body != nil || policy.passesThrough(request) {
            if let answer = conditionalAnswer.answer(to: request, key: key, directives: directives) {
                return try await StreamDelivery.deliver(answer, progress: progress, receive: receive)
            }
            guard policy.mode != .offline else {
                throw HTTPCacheError.notCached(method: request.method, resource: key.resource)
            }
            guard !directives.onlyIfCached else {
                return try await StreamDelivery.deliver(
                    CachedAnswer.gatewayTimeout, progress: progress, receive: receive)
            }
            return try await client.stream(request: request, body: body, progress: progress) { response, received in
                try await receive(CachedAnswer.marked(response, .miss), received)
            }
        }
        guard request.method == .get, request.headers?["Range"] == nil else {
            return try await StreamDelivery.deliver(
                try await answer(to: request), progress: progress, receive: receive)
        }
        let date = now()
        let stored = store.streamedEntry(for: key) { CacheRules.matches($0, request) }
        switch policy.mode {
        case .offline:
            guard let stored else { throw HTTPCacheError.notCached(method: request.method, resource: key.resource) }
            return try await StreamDelivery.serve(stored, at: date, progress: progress, receive: receive)
        case .reload:
            guard !directives.onlyIfCached else {
                return try await StreamDelivery.deliver(
                    CachedAnswer.gatewayTimeout, progress: progress, receive: receive)
            }
            return try await streamingOrigin.fetch(
                request, key: key, stored: nil, directives: directives, progress: progress, receive: receive)
        case .normal:
            if let stored, directives.accepts(stored.entry, at: date) {
                return try await StreamDelivery.serve(stored, at: date, progress: progress, receive: receive)
            }
            let answersInMemory =
                if let stored {
                    CacheFreshness.mayAnswerWhileRevalidating(stored.entry, directives: directives, at: date)
                } else {
                    !directives.onlyIfCached && partCompletion.part(for: request, key: key) != nil
                }
            if answersInMemory {
                return try await StreamDelivery.deliver(
                    try await answer(to: request), progress: progress, receive: receive)
            }
            guard !directives.onlyIfCached else {
                return try await StreamDelivery.deliver(
                    CachedAnswer.gatewayTimeout, progress: progress, receive: receive)
            }
            return try await streamingOrigin.fetch(
                request, key: key, stored: stored, directives: directives, progress: progress, receive: receive)
        }
    }

    /// An unsafe request, streamed through: a success invalidates as in `load` once the response head is in.
    private func streamUnsafe<Result: Sendable>(
        _ request: any HTTPRequest, key: HTTPCacheKey, body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        guard policy.mode != .offline else {
            throw HTTPCacheError.offlineUnsafeRequest(method: request.method, resource: key.resource)
        }
        return try await client.stream(request: request, body: body, progress: progress) { response, received in
            _ = invalidation.invalidate(after: request, key: key, response: response)
            return try await receive(CachedAnswer.marked(response, .miss), received)
        }
    }
}
