/// Arbitrary text as one segment of an ``HTTPPath``, such as a file name a user typed.
///
/// Clients split a path at `/` and keep a `%` that starts a percent-escape, so text that holds either would
/// not reach the server as it was written. ``escaping(_:)`` escapes exactly those two:
///
/// ```swift
/// let path: HTTPPath = "files/" + HTTPPathSegment.escaping("../token")   // files/..%2Ftoken
/// ```
///
/// The dot segments `.` and `..` never climb: clients send them as `%2E` and `%2E%2E`.
public enum HTTPPathSegment {
    /// `text` with every `%` written as `%25` and every `/` as `%2F`; the client encodes the rest.
    public static func escaping(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "/") }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for character in text.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "/": escaped += "%2F"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
