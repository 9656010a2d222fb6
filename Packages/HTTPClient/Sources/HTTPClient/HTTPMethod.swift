/// An HTTP request method (RFC 9110, section 9).
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`: Retrieves a representation of the target resource.
    case get = "GET"
    /// `POST`: Sends data for the target resource to process.
    case post = "POST"
    /// `PUT`: Replaces the target resource with the request body.
    case put = "PUT"
    /// `PATCH`: Applies a partial modification to the target resource.
    case patch = "PATCH"
    /// `DELETE`: Removes the target resource.
    case delete = "DELETE"
    /// `HEAD`: Like `GET`, without the response body.
    case head = "HEAD"
    /// `OPTIONS`: Asks which communication options the target resource supports.
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
