import Foundation
import HTTPClient

/// Answers made from stored entries, and the `X-Cache` mark every answer of ``CachingHTTPClient`` carries.
enum CachedAnswer {
    /// `entry` answering from the store at `date`: `hit` when fresh, else `stale`.
    static func answer(_ entry: HTTPCacheEntry, at date: Date, includingBody: Bool = true) -> (Data, HTTPResponse) {
        answer(entry, CacheFreshness.outcome(of: entry, at: date), at: date, includingBody: includingBody)
    }

    /// `entry` as an answer at `date`, with its `Age` and `outcome`; without its body for a `HEAD`.
    static func answer(
        _ entry: HTTPCacheEntry, _ outcome: HTTPCacheOutcome, at date: Date, includingBody: Bool = true
    ) -> (Data, HTTPResponse) {
        var headers = entry.headers
        headers["Age"] = String(Int(min(max(0, entry.age(at: date)), CacheControl.greatestDeltaSeconds)))
        headers[HTTPCacheOutcome.headerName] = outcome.rawValue
        return (includingBody ? entry.body : Data(), HTTPResponse(statusCode: entry.statusCode, headers: headers))
    }

    /// `answer` with `X-Cache: outcome`.
    static func marked(_ answer: (Data, HTTPResponse), _ outcome: HTTPCacheOutcome) -> (Data, HTTPResponse) {
        (answer.0, marked(answer.1, outcome))
    }

    /// `response` with `X-Cache: outcome`.
    static func marked(_ response: HTTPResponse, _ outcome: HTTPCacheOutcome) -> HTTPResponse {
        var headers = response.headers ?? HTTPHeaders()
        headers[HTTPCacheOutcome.headerName] = outcome.rawValue
        return HTTPResponse(statusCode: response.statusCode, headers: headers, url: response.url)
    }

    /// The answer to a request that said `only-if-cached` when nothing stored may answer: `504 Gateway Timeout`
    /// (RFC 9111, 5.2.1.7).
    static var gatewayTimeout: (Data, HTTPResponse) {
        (Data(), HTTPResponse(statusCode: 504, headers: [HTTPCacheOutcome.headerName: HTTPCacheOutcome.miss.rawValue]))
    }

    /// An empty `304 Not Modified` for `entry` at `date`: its fields but the body's framing (RFC 9110, 15.4.5), its
    /// `Age` and `outcome`.
    static func notModified(_ entry: HTTPCacheEntry, _ outcome: HTTPCacheOutcome, at date: Date) -> (Data, HTTPResponse)
    {
        var framed = entry
        for name in CacheRules.framingFields { framed.headers[name] = nil }
        let (_, response) = answer(framed, outcome, at: date, includingBody: false)
        return (Data(), HTTPResponse(statusCode: 304, headers: response.headers))
    }
}
