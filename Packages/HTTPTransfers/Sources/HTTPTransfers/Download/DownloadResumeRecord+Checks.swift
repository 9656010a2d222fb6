import Foundation
import HTTPClient

extension DownloadResumeRecord {
    /// The `Last-Modified` of `headers` when it is a strong validator (RFC 9110, 8.8.2.2): the response's
    /// `Date` is at least one second after it, so the file did not change again within the same second.
    /// `nil` otherwise, and when either date is missing or unreadable.
    static func strongLastModified(in headers: HTTPHeaders) -> String? {
        guard let text = headers["Last-Modified"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
            let modified = parseHTTPDate(text),
            let date = headers["Date"].flatMap(parseHTTPDate),
            date.timeIntervalSince(modified) >= 1
        else { return nil }
        return text
    }

    /// Whether a 206's `Content-Range` complete length names another file than the one recorded: both are
    /// known and differ.
    func isContradicted(byCompleteLength length: Int64?) -> Bool {
        guard let length, let completeLength else { return false }
        return length != completeLength
    }

    /// Whether a response from `url` comes from another origin than the recorded one: both are known and differ.
    func isContradicted(byOriginOf url: URL?) -> Bool {
        guard let origin, let other = Self.origin(of: url) else { return false }
        return origin != other
    }

    /// The origin of `url` (RFC 6454): its scheme, host and port, lowercased, with the scheme's default port
    /// filled in; `nil` without a scheme or host.
    static func origin(of url: URL?) -> String? {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        let defaultPort: Int? =
            switch scheme {
            case "http": 80
            case "https": 443
            default: nil
            }
        guard let port = url.port ?? defaultPort else { return "\(scheme)://\(host)" }
        return "\(scheme)://\(host):\(port)"
    }

    /// An HTTP-date in any of the three formats RFC 9110 (5.6.7) has recipients accept, always in GMT.
    private static func parseHTTPDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }
}
