// Target `retry-after`: the `Retry-After` reader (RetryAfter, over HTTPClient's HTTPDate).
// Properties: a delay is never negative and at most 10^9 seconds for delta-seconds; digits give exactly
// their value (capped); a date gives its distance from the response's `Date` (here `fuzzNow`), and the same
// date formatted as IMF-fixdate gives the same delay.

import Foundation
import HTTPClient
import HTTPClientSupport

@testable import HTTPClientDecorators

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    guard let sent = IMFFixdate.format(fuzzNow) else { return 0 }
    guard let delay = RetryAfter.delay(from: text, sent: sent) else { return 0 }
    check(delay >= .zero, "negative delay \(delay) from \(text.debugDescription)")
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
        let expected = Int(trimmed).map { min($0, 1_000_000_000) } ?? 1_000_000_000
        check(delay == .seconds(expected), "\(text.debugDescription) gave \(delay)")
        return 0
    }
    guard let date = HTTPDate.parse(trimmed, now: fuzzNow) else {
        check(false, "\(text.debugDescription) gave \(delay) but is neither digits nor a date")
        return 0
    }
    check(delay == .seconds(max(0, date.timeIntervalSince(fuzzNow))), "\(text.debugDescription) gave \(delay)")
    if let formatted = IMFFixdate.format(date) {
        check(RetryAfter.delay(from: formatted, sent: sent) == delay, "\(formatted) gives another delay")
    }
    return 0
}
