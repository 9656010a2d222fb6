import Foundation
import HTTPClient
import HTTPClientSupport

/// Reads the `Retry-After` response header (RFC 9110, 10.2.3): delta-seconds or an HTTP-date.
enum RetryAfter {
    /// How long the server asks the client to wait, measured from `now`; `nil` when `value` is neither
    /// form. A date in the past means no wait.
    static func delay(from value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let seconds = Int(trimmed) ?? Int.max  // more digits than Int holds: "longer than any cap"
            return .seconds(min(seconds, 1_000_000_000))
        }
        guard let date = HTTPDate.parse(trimmed, now: now) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now)))
    }
}
