import Foundation
import HTTPClient
import HTTPClientSupport

/// RFC 9111's rules for a private cache: what may be stored, for how long, and how old it is.
enum CacheRules {
    /// Statuses a cache may store without explicit freshness (RFC 9110, 15.1).
    static let heuristicallyCacheable: Set<HTTPStatusCode> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]
    /// Statuses whose caching requirements the cache knows, for `must-understand` (RFC 9111, 5.2.2.3): the final
    /// statuses RFC 9110 defines (15), but the obsolete 305 and 306.
    static let understoodStatuses: Set<HTTPStatusCode> = Set(
        [200, 201, 202, 203, 204, 205, 206, 300, 301, 302, 303, 304, 307, 308, 421, 422, 426] + Array(400...417)
            + Array(500...505))
    /// Response fields that describe one connection or one answer, never kept with an entry (RFC 9111, 3.1),
    /// besides the fields `Connection` lists.
    static let unstoredFields = [
        "Connection", "Proxy-Connection", "Keep-Alive", "TE", "Transfer-Encoding", "Upgrade",
        HTTPCacheOutcome.headerName,
    ]
    /// Fields a `304` or a `HEAD` response never updates (RFC 9111, 3.2): they describe the stored body's framing
    /// and coding, which the update did not carry.
    static let framingFields = ["Content-Length", "Content-Encoding", "Content-Range"]

    /// The entry to store for `response`, or `nil` when the rules forbid storing it. An unqualified `no-cache`
    /// stores it only with a validator, to be revalidated on every use; the fields a qualified one lists are left
    /// out, and the rest keeps its own freshness (RFC 9111, 5.2.2.4).
    static func entry(
        for request: any HTTPRequest, data: Data, response: HTTPResponse, requestTime: Date, responseTime: Date,
        policy: HTTPCachePolicy
    ) -> HTTPCacheEntry? {
        let headers = response.headers ?? HTTPHeaders()
        let directives = CacheControl(headers["Cache-Control"])
        guard !forbidsStoring(response.statusCode, directives), var varied = varyingNames(headers) else { return nil }
        if response.statusCode == 206 {
            guard isStorablePart(headers, body: data) else { return nil }
            varied.append(partRangeName)
        }
        let explicit = explicitLifetime(headers, directives, responseTime: responseTime)
        guard
            isStorable(
                response.statusCode, hasExplicitFreshness: explicit != nil, isPublic: directives.has("public"))
        else { return nil }
        let kept = withoutNoCacheFields(storable(headers), directives)
        let hasValidator = kept.contains("ETag") || kept.contains("Last-Modified")
        let lifetime: TimeInterval
        if alwaysRevalidates(directives) {
            guard hasValidator else { return nil }
            lifetime = 0
        } else if let explicit {
            lifetime = explicit
        } else if let implicit = implicitLifetime(
            response.statusCode, headers, directives, responseTime: responseTime, policy: policy)
        {
            lifetime = implicit
        } else if hasValidator {
            lifetime = 0
        } else {
            return nil
        }
        return HTTPCacheEntry(
            statusCode: response.statusCode, headers: kept, body: data, responseTime: responseTime,
            initialAge: initialAge(headers, requestTime: requestTime, responseTime: responseTime),
            freshnessLifetime: lifetime, variant: variant(of: request, names: varied))
    }

    /// `headers` without the fields that are never stored: ``unstoredFields`` and those `Connection` names.
    static func storable(_ headers: HTTPHeaders) -> HTTPHeaders {
        var stored = headers
        let named = headers["Connection"]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        for name in unstoredFields + named where !name.isEmpty { stored[name] = nil }
        return stored
    }

    /// Whether `entry`'s response said `immutable` (RFC 8246): it does not change while it is fresh.
    static func isImmutable(_ entry: HTTPCacheEntry) -> Bool {
        CacheControl(entry.headers["Cache-Control"]).has("immutable")
    }

    /// Whether a stale `entry` may answer at all: not when its response said `must-revalidate` or an unqualified
    /// `no-cache` (RFC 9111, 4.2.4 and 5.2.2.4).
    static func allowsStaleAnswers(_ entry: HTTPCacheEntry) -> Bool {
        let directives = CacheControl(entry.headers["Cache-Control"])
        return !directives.has("must-revalidate") && !alwaysRevalidates(directives)
    }

    /// `stored` updated by a `304 Not Modified` or a `HEAD` response (RFC 9111, 3.2 and 4.3.4): their fields
    /// replace the stored ones, except those never stored and the stored body's ``framingFields``; the fields a
    /// qualified `no-cache` of the updated entry lists are removed (RFC 9111, 5.2.2.4).
    static func revalidated(
        _ stored: HTTPCacheEntry, by response: HTTPResponse, requestTime: Date, responseTime: Date,
        policy: HTTPCachePolicy
    ) -> HTTPCacheEntry {
        var update = storable(response.headers ?? HTTPHeaders())
        for name in framingFields { update[name] = nil }
        var entry = stored
        let merged = stored.headers.merging(update)
        let directives = CacheControl(merged["Cache-Control"])
        entry.headers = withoutNoCacheFields(merged, directives)
        entry.responseTime = responseTime
        entry.initialAge = initialAge(update, requestTime: requestTime, responseTime: responseTime)
        if alwaysRevalidates(directives) {
            entry.freshnessLifetime = 0
        } else if let explicit = explicitLifetime(merged, directives, responseTime: responseTime) {
            entry.freshnessLifetime = explicit
        } else {
            entry.freshnessLifetime =
                implicitLifetime(entry.statusCode, merged, directives, responseTime: responseTime, policy: policy)
                ?? 0
        }
        return entry
    }

    /// Whether a response with `statusCode` may be stored (RFC 9111, 3): a final status but `304`, that is
    /// cacheable by default or comes with explicit freshness or `public` (a `206` only as a part, see
    /// `isStorablePart(_:body:)`).
    static func isStorable(_ statusCode: HTTPStatusCode, hasExplicitFreshness: Bool, isPublic: Bool) -> Bool {
        guard (200..<600).contains(statusCode), statusCode != 304 else { return false }
        return heuristicallyCacheable.contains(statusCode) || hasExplicitFreshness || isPublic
    }

    /// Whether the response's directives forbid storing it (RFC 9111, 5.2.2.3 and 5.2.2.5): `no-store` does,
    /// unless `must-understand` accompanies it and the status is one of ``understoodStatuses``; with any other
    /// status `must-understand` forbids storing by itself.
    static func forbidsStoring(_ statusCode: HTTPStatusCode, _ directives: CacheControl) -> Bool {
        if directives.has("must-understand") { return !understoodStatuses.contains(statusCode) }
        return directives.has("no-store")
    }

    /// Seconds of freshness from `max-age`, else `Expires` minus `Date` (RFC 9111, 4.2.1); `nil` for neither.
    /// An `Expires` that is not a valid date means "already expired".
    static func explicitLifetime(_ headers: HTTPHeaders, _ directives: CacheControl, responseTime: Date)
        -> TimeInterval?
    {
        if let maxAge = directives.seconds("max-age") { return maxAge }
        guard let expires = headers["Expires"] else { return nil }
        guard let expiry = HTTPDate.parse(expires, now: responseTime) else { return 0 }
        let date = headers["Date"].flatMap { HTTPDate.parse($0, now: responseTime) } ?? responseTime
        return max(0, expiry.timeIntervalSince(date))
    }

    /// The corrected initial age (RFC 9111, 4.2.3), from `Age`, `Date` and the round trip.
    static func initialAge(_ headers: HTTPHeaders, requestTime: Date, responseTime: Date) -> TimeInterval {
        let date = headers["Date"].flatMap { HTTPDate.parse($0, now: responseTime) }
        let apparentAge = date.map { max(0, responseTime.timeIntervalSince($0)) } ?? 0
        let ageValue = headers["Age"].flatMap(ageSeconds)
        let correctedAge = (ageValue ?? 0) + max(0, responseTime.timeIntervalSince(requestTime))
        return max(apparentAge, correctedAge)
    }

    /// The seconds an `Age` value states (RFC 9111, 5.1): of a list, the first member only; `nil` when that is not
    /// delta-seconds, so an invalid `Age` is ignored.
    static func ageSeconds(_ value: String) -> TimeInterval? {
        let first = value.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
        return CacheControl.deltaSeconds(first.trimmingCharacters(in: .whitespaces))
    }

    /// The lowercased names `Vary` lists, or `nil` for `Vary: *` (never stored).
    static func varyingNames(_ headers: HTTPHeaders) -> [String]? {
        guard let vary = headers["Vary"] else { return [] }
        let names = vary.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return names.contains("*") ? nil : names.filter { !$0.isEmpty }
    }

    /// Fingerprints of `request`'s fields named `names`: a hash of each value as ``selectingValue(_:name:)``
    /// normalises it, `-` for an absent field.
    static func variant(of request: any HTTPRequest, names: some Sequence<String>) -> [String: String] {
        var variant: [String: String] = [:]
        for name in names {
            variant[name] = request.headers?[name].map { FNV1a.hex(FNV1a.hash(selectingValue($0, name: name))) } ?? "-"
        }
        return variant
    }

    /// Whether `entry` was stored for a request whose `Vary`-named fields had the same values as `request`'s.
    /// An entry whose response said `Vary: *` never matches; a part matches as `partMatches(_:_:)` says.
    static func matches(_ entry: HTTPCacheEntry, _ request: any HTTPRequest) -> Bool {
        guard varyingNames(entry.headers) != nil else { return false }
        if entry.statusCode == 206 { return partMatches(entry, request) }
        return entry.variant.isEmpty || variant(of: request, names: entry.variant.keys) == entry.variant
    }
}
