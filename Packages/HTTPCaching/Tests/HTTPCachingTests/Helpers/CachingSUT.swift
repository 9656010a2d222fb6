import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport

/// A caching client over a scripted origin, a memory store and a clock the test moves.
struct CachingSUT {
    let sut: CachingHTTPClient
    let origin: ScriptedHTTPClient
    let store: MemoryHTTPCacheStore
    let clock: ManualClock

    init(_ replies: [Reply] = [], policy: HTTPCachePolicy = HTTPCachePolicy(), store: MemoryHTTPCacheStore? = nil) {
        let clock = ManualClock()
        let store = store ?? MemoryHTTPCacheStore()
        origin = ScriptedHTTPClient(replies: replies)
        sut = CachingHTTPClient(client: origin, store: store, policy: policy, now: { clock.date })
        self.store = store
        self.clock = clock
    }

    /// Loads `request` through the cache.
    @discardableResult
    func load(_ request: TestRequest = TestRequest()) async throws -> (body: String, response: HTTPResponse) {
        let (data, response) = try await sut.load(request: request)
        return (String(decoding: data, as: UTF8.self), response)
    }

    /// The number of requests the origin received.
    var sent: Int {
        get async { await origin.requests.count }
    }

    func advance(seconds: Int) {
        clock.advance(by: .seconds(seconds))
    }
}

extension HTTPResponse {
    /// The outcome the cache reported in `X-Cache`.
    var cacheOutcome: HTTPCacheOutcome? { HTTPCacheOutcome(self) }
}

/// An error with a recognisable identity.
struct OriginError: Error, Equatable {}
