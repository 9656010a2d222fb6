import Foundation
import HTTPClient
import HTTPClientSupport

/// Asking the origin for a streamed answer, as `ConditionalFetch` does for a loaded one: conditional when the
/// stored entry has validators, and a storable answer teed into the store as the caller reads it.
struct StreamingFetch: Sendable {
    /// The client that sends the request.
    let client: any HTTPClient
    /// Where entries are kept.
    let store: any HTTPCacheStore
    /// The freshness defaults and allowances.
    let policy: HTTPCachePolicy
    /// The current date.
    let now: @Sendable () -> Date

    /// What came of asking the origin: the caller's result, or a stored answer to serve once the origin's
    /// transfer has ended.
    private enum Fetched<Answer: Sendable>: Sendable {
        case answered(Answer)
        case notModified(StoredAnswer, HTTPResponse, requestTime: Date, responseTime: Date)
        case standIn(StoredAnswer)
    }

    /// Asks the origin, conditionally when `stored` has validators: a `304` serves the stored body with the
    /// merged fields (and stores them as `receive` reads it), a failure or a 5xx serves a stale stand-in where
    /// allowed, and any other answer streams to `receive`, written to the store as it is read when it may be kept.
    func fetch<Result: Sendable>(
        _ request: any HTTPRequest, key: HTTPCacheKey, stored: StoredAnswer?, directives: RequestDirectives,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let validators = stored.map { ConditionalFetch.validators(of: $0.entry) } ?? HTTPHeaders()
        let sent: any HTTPRequest = validators.isEmpty ? request : request.settingHeaders(validators)
        let freshness = CacheFreshness(policy: policy)
        let requestTime = now()
        let responded = LockedValue(false)
        let fetched: Fetched<Result>
        do {
            fetched = try await client.stream(request: sent, body: nil, progress: progress) { response, body in
                responded.withLock { $0 = true }
                let responseTime = now()
                if response.statusCode == 304, !validators.isEmpty, let stored {
                    return .notModified(stored, response, requestTime: requestTime, responseTime: responseTime)
                }
                if response.isServerError, let stored, freshness.mayStandIn(stored.entry, directives, at: responseTime)
                {
                    return .standIn(stored)
                }
                return .answered(
                    try await receiveFetched(
                        request, key: key, stored: stored?.entry, directives: directives, response: response,
                        body: body, requestTime: requestTime, responseTime: responseTime, receive: receive))
            }
        } catch {
            guard !responded.withLock({ $0 }), !HTTPTransportError.isCancellation(error), let stored,
                freshness.mayStandIn(stored.entry, directives, at: now())
            else { throw error }
            fetched = .standIn(stored)
        }
        switch fetched {
        case .answered(let result):
            return result
        case .standIn(let stored):
            return try await StreamDelivery.serve(stored, .stale, at: now(), progress: progress, receive: receive)
        case .notModified(let stored, let response, let requestTime, let responseTime):
            let updated = CacheRules.revalidated(
                stored.entry, by: response, requestTime: requestTime, responseTime: responseTime, policy: policy)
            let (_, answer) = CachedAnswer.answer(updated, .revalidated, at: responseTime, includingBody: false)
            let body = StreamDelivery.reporting(stored.body, to: progress)
            guard !directives.noStore, case .known(let length) = stored.body.length,
                let writer = store.entryWriter(for: key, entry: updated, bodyLength: length)
            else { return try await receive(answer, body) }
            return try await StreamedStorage(writer).reading(body) { try await receive(answer, $0) }
        }
    }

    /// The origin's own answer to `request`, handed to `receive` and, when the rules allow it and its length is
    /// known and within the store's limit, written to the store as `receive` reads it. An answer that may not be
    /// stored removes the entry it replaces, as `ConditionalFetch` does.
    private func receiveFetched<Result: Sendable>(
        _ request: any HTTPRequest, key: HTTPCacheKey, stored: HTTPCacheEntry?, directives: RequestDirectives,
        response: HTTPResponse, body: HTTPBody, requestTime: Date, responseTime: Date,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let answer = CachedAnswer.marked(response, .miss)
        guard !directives.noStore else { return try await receive(answer, body) }
        let entry =
            response.statusCode == 206
            ? nil
            : CacheRules.entry(
                for: request, data: Data(), response: response, requestTime: requestTime, responseTime: responseTime,
                policy: policy)
        if let entry, case .known(let length) = body.length,
            let writer = store.entryWriter(for: key, entry: entry, bodyLength: length)
        {
            return try await StreamedStorage(writer).reading(body) { try await receive(answer, $0) }
        }
        if let stored, !response.isServerError, response.statusCode != 206 {
            store.removeEntry(for: key, variant: stored.variant)
        }
        return try await receive(answer, body)
    }
}
