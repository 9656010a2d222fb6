/// An HTTP request method (RFC 9110, section 9): one of the standard methods, or any other method a server
/// defines, such as WebDAV's `PROPFIND` or SSDP's `M-SEARCH`.
///
/// Methods compare by their exact spelling, which is case-sensitive: `HTTPMethod(rawValue: "get")` is a method
/// of its own, not ``HTTPMethod/get``.
public struct HTTPMethod: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// The method as sent on the wire, for example `"GET"`.
    public let rawValue: String

    /// The method spelled `rawValue`, or `nil` when `rawValue` is not an RFC 9110 token: empty, or with a
    /// character other than an ASCII letter, an ASCII digit, a backtick or one of `!#$%&'*+-.^_|~`.
    public init?(rawValue: String) {
        guard Self.isToken(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(standard name: StaticString) {
        rawValue = name.description
    }

    /// The method as sent on the wire, for example `"GET"`.
    public var name: String { rawValue }

    /// The method as sent on the wire, for example `"GET"`.
    public var description: String { rawValue }

    /// Whether `string` is a token (RFC 9110, 5.6.2): one or more `tchar`.
    private static func isToken(_ string: String) -> Bool {
        !string.isEmpty && string.utf8.allSatisfy(isTokenCharacter)
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension HTTPMethod {
    /// `GET`: Retrieves a representation of the target resource.
    public static let get = HTTPMethod(standard: "GET")
    /// `HEAD`: Like `GET`, without the response body.
    public static let head = HTTPMethod(standard: "HEAD")
    /// `POST`: Sends data for the target resource to process.
    public static let post = HTTPMethod(standard: "POST")
    /// `PUT`: Replaces the target resource with the request body.
    public static let put = HTTPMethod(standard: "PUT")
    /// `DELETE`: Removes the target resource.
    public static let delete = HTTPMethod(standard: "DELETE")
    /// `OPTIONS`: Asks which communication options the target resource supports.
    public static let options = HTTPMethod(standard: "OPTIONS")
    /// `TRACE`: Asks the server to echo the request it received, for diagnosis.
    public static let trace = HTTPMethod(standard: "TRACE")
    /// `PATCH`: Applies a partial modification to the target resource (RFC 5789).
    public static let patch = HTTPMethod(standard: "PATCH")

    /// The methods with a static member, in the order RFC 9110 defines them, `PATCH` last.
    public static let standard: [HTTPMethod] = [.get, .head, .post, .put, .delete, .options, .trace, .patch]

    /// Whether the method is safe, read-only by definition (RFC 9110, 9.2.1): `GET`, `HEAD`, `OPTIONS` and
    /// `TRACE`. `false` for any method this type does not know.
    public var isSafe: Bool {
        self == .get || self == .head || self == .options || self == .trace
    }

    /// Whether sending the request twice has the same effect as sending it once (RFC 9110, 9.2.2): the safe
    /// methods, `PUT` and `DELETE`. `false` for any method this type does not know.
    public var isIdempotent: Bool {
        isSafe || self == .put || self == .delete
    }
}
