// Target `cache-headers`: the response fields HTTPCaching reads (Cache-Control, Age, Expires, Date, Vary)
// and HTTPClient's HTTP-date parser. The input is response header lines, `Name: value`.
// Properties: delta-seconds are whole numbers in 0...2^31 and only from digits; lifetimes and ages are
// finite and never negative, under a default freshness and under the heuristic; `no-store` (without
// `must-understand`) and `Vary: *` are never stored; unstored fields never reach an entry, nor do the fields a
// qualified `no-cache` lists, and a bare `no-cache` leaves an entry no freshness (stored or updated by a 304);
// every parsed HTTP-date formats as IMF-fixdate and parses back to the same date.

import Foundation
import HTTPClient
import HTTPClientSupport

@testable import HTTPCaching

private struct FuzzRequest: HTTPRequest {
    let method = HTTPMethod.get
    let path = "questions"
    let version = "2.3"
    let headers: HTTPHeaders?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    var headers = HTTPHeaders()
    for line in input.text.split(separator: "\n") {
        checkDate(String(line))
        checkDeltaSeconds(String(line))
        guard let colon = line.firstIndex(of: ":") else { continue }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[String(line[..<colon])] = value
        checkDate(value)
    }
    checkDate(input.text)

    let directives = CacheControl(headers["Cache-Control"])
    for name in ["max-age", "s-maxage", "max-stale", "min-fresh", "stale-if-error"] {
        if let seconds = directives.seconds(name) { check(isDeltaSeconds(seconds), "\(name)=\(seconds)") }
    }
    let requestTime = fuzzNow.addingTimeInterval(-1)
    let age = CacheRules.initialAge(headers, requestTime: requestTime, responseTime: fuzzNow)
    check(age.isFinite && age >= 1, "initial age \(age)")
    if let lifetime = CacheRules.explicitLifetime(headers, directives, responseTime: fuzzNow) {
        check(lifetime.isFinite && lifetime >= 0, "explicit lifetime \(lifetime)")
    }

    let request = FuzzRequest(headers: headers)
    for policy in [HTTPCachePolicy(defaultFreshness: .seconds(60)), HTTPCachePolicy()] {
        checkStorage(headers, directives, request: request, requestTime: requestTime, policy: policy)
    }
    return 0
}

private func checkStorage(
    _ headers: HTTPHeaders, _ directives: CacheControl, request: FuzzRequest, requestTime: Date,
    policy: HTTPCachePolicy
) {
    for status in [200, 404, 206, 599] {
        let response = HTTPResponse(statusCode: status, headers: headers)
        guard
            let entry = CacheRules.entry(
                for: request, data: Data(), response: response, requestTime: requestTime, responseTime: fuzzNow,
                policy: policy)
        else { continue }
        check(!directives.has("no-store") || directives.has("must-understand"), "a no-store response was stored")
        check(status != 599 || !directives.has("must-understand"), "must-understand stored an unknown status")
        check(CacheRules.varyingNames(headers) != nil, "a Vary: * response was stored")
        check(status != 206, "a partial response was stored")
        checkEntry(entry)
        checkNoCache(entry)
        check(CacheRules.matches(entry, request), "an entry does not match the request it was stored for")
        let revalidated = CacheRules.revalidated(
            entry, by: HTTPResponse(statusCode: 304, headers: headers), requestTime: requestTime,
            responseTime: fuzzNow, policy: policy)
        checkEntry(revalidated)
        checkNoCache(revalidated)
    }
}

/// Against the entry's own `Cache-Control`: a bare `no-cache` leaves it no freshness, and no field a qualified
/// one lists is kept.
private func checkNoCache(_ entry: HTTPCacheEntry) {
    let directives = CacheControl(entry.headers["Cache-Control"])
    guard !CacheRules.alwaysRevalidates(directives) else {
        check(entry.freshnessLifetime == 0, "a bare no-cache entry has lifetime \(entry.freshnessLifetime)")
        return
    }
    for name in directives.fieldNames("no-cache") {
        check(!entry.headers.contains(name), "stored \(name.debugDescription), which no-cache lists")
    }
}

private func checkEntry(_ entry: HTTPCacheEntry) {
    check(entry.freshnessLifetime.isFinite && entry.freshnessLifetime >= 0, "lifetime \(entry.freshnessLifetime)")
    check(entry.initialAge.isFinite && entry.initialAge >= 0, "initial age \(entry.initialAge)")
    for name in CacheRules.unstoredFields { check(!entry.headers.contains(name), "stored \(name)") }
    _ = entry.isFresh(at: fuzzNow)
}

private func isDeltaSeconds(_ seconds: TimeInterval) -> Bool {
    seconds >= 0 && seconds <= CacheControl.greatestDeltaSeconds && seconds.rounded() == seconds
}

private func checkDeltaSeconds(_ text: String) {
    guard let seconds = CacheControl.deltaSeconds(text) else { return }
    check(isDeltaSeconds(seconds), "delta-seconds \(seconds) from \(text.debugDescription)")
    check(text.utf8.allSatisfy { (0x30...0x39).contains($0) }, "delta-seconds from \(text.debugDescription)")
}

private func checkDate(_ text: String) {
    guard let date = HTTPDate.parse(text, now: fuzzNow) else { return }
    guard let formatted = IMFFixdate.format(date) else {
        // 9999-12-31 23:59:60 (a leap second) is the one valid date past IMF-fixdate's last year.
        check(date.timeIntervalSince1970 == 253_402_300_800, "\(text.debugDescription) parsed to \(date)")
        return
    }
    let reparsed = HTTPDate.parse(formatted, now: fuzzNow)
    check(reparsed == date, "\(text.debugDescription) -> \(formatted) -> \(String(describing: reparsed))")
}
