import Foundation
import HTTPClient
import HTTPClientSupport

/// Reads the `Retry-After` response header (RFC 9110, 10.2.3): delta-seconds or an HTTP-date.
enum RetryAfter {
    /// How long the server asks the client to wait; `nil` when `value` is neither form. An HTTP-date is measured
    /// from `sent`, the response's own `Date` header, so the client's clock plays no part; without a readable
    /// `Date` the wait cannot be measured and is `nil` too. A date before `sent` means no wait.
    static func delay(from value: String, sent: String?) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let seconds = Int(trimmed) ?? Int.max  // more digits than Int holds: "longer than any cap"
            return .seconds(min(seconds, 1_000_000_000))
        }
        // The current date only picks the century of an obsolete two-digit year in `Date`.
        guard let sent, let sentDate = HTTPDate.parse(sent.trimmingCharacters(in: .whitespaces), now: Date())
        else { return nil }
        guard let date = HTTPDate.parse(trimmed, now: sentDate) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(sentDate)))
    }
}
