/// An HTTP request method (RFC 9110, section 9).
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case head = "HEAD"
    case options = "OPTIONS"

    /// The method as sent on the wire, for example `"GET"`.
    public var name: String { rawValue }

    /// Whether sending the request twice has the same effect as sending it once (RFC 9110, 9.2.2).
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options: true
        case .post, .patch: false
        }
    }
}
