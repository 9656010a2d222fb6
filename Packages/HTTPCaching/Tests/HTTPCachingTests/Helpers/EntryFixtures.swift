import Foundation
import HTTPClient
import HTTPClientTestSupport

@testable import HTTPCaching

/// Entries, requests and clocks for the tests that exercise the caching client's parts directly.
enum EntryFixtures {
    /// The date every fixture entry arrived at, the start of a ``ManualClock``.
    static let arrival = Date(timeIntervalSince1970: 784_111_777)

    /// An entry that arrived at ``arrival``, fresh for `lifetime` seconds.
    static func entry(
        status: HTTPStatusCode = 200, body: String = "body", headers: HTTPHeaders = ["ETag": "\"1\""],
        lifetime: TimeInterval = 60, variant: [String: String] = [:]
    ) -> HTTPCacheEntry {
        HTTPCacheEntry(
            statusCode: status, headers: headers, body: Data(body.utf8), responseTime: arrival,
            freshnessLifetime: lifetime, variant: variant)
    }

    /// ``arrival`` moved on by `seconds`.
    static func date(after seconds: TimeInterval) -> Date {
        arrival.addingTimeInterval(seconds)
    }

    /// The key of `request`.
    static func key(_ request: TestRequest = TestRequest()) -> HTTPCacheKey {
        HTTPCacheKey(request: request)
    }

    /// A conditional fetch over `origin`, `store`, the default policy and `clock`.
    static func fetch(
        _ origin: any HTTPClient, store: any HTTPCacheStore, clock: ManualClock = ManualClock(),
        policy: HTTPCachePolicy = HTTPCachePolicy()
    ) -> ConditionalFetch {
        ConditionalFetch(client: origin, store: store, policy: policy, now: { clock.date })
    }
}

/// The body of `answer` as UTF-8 text.
func text(_ answer: (Data, HTTPResponse)) -> String {
    String(decoding: answer.0, as: UTF8.self)
}
