import HTTPClient
import HTTPClientSupport

/// The reason phrase written after a status code: `HTTPStatusReason`'s, the proxy's own error statuses, or the
/// name of the status class. (The client reports no phrase, and clients must ignore it anyway: RFC 9112, 4.)
enum ReasonPhrase {
    /// The phrase for `statusCode`, for example `OK`, `Length Required` or `Client Error` for an unlisted 4xx.
    static func phrase(for statusCode: Int) -> String {
        if let phrase = HTTPStatusReason.phrase(for: statusCode) { return phrase }
        switch statusCode {
        case 100: return "Continue"
        case 203: return "Non-Authoritative Information"
        case 300: return "Multiple Choices"
        case 411: return "Length Required"
        case 416: return "Range Not Satisfiable"
        case 431: return "Request Header Fields Too Large"
        case 505: return "HTTP Version Not Supported"
        default: break
        }
        switch statusCode / 100 {
        case 1: return "Informational"
        case 2: return "Success"
        case 3: return "Redirection"
        case 4: return "Client Error"
        case 5: return "Server Error"
        default: return "Unknown"
        }
    }
}
