import HTTPClient

/// The status and header fields of one response block, as read from libcurl's header lines.
struct ResponseHead: Equatable, Sendable {
    /// One field as it arrived: name in the server's spelling, value trimmed of surrounding spaces and tabs.
    struct Field: Equatable, Sendable {
        var name: String
        var value: String
    }

    var statusCode: Int
    var fields: [Field] = []

    /// Whether this is an interim (1xx) response that the final one follows.
    var isInterim: Bool { (100..<200).contains(statusCode) }

    /// The fields as `HTTPHeaders`; repeated names are joined with ", " in arrival order (RFC 9110, 5.3).
    var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        for field in fields {
            if let earlier = headers[field.name] {
                headers[field.name] = earlier + ", " + field.value
            } else {
                headers[field.name] = field.value
            }
        }
        return headers
    }

    /// The value of the first field named `name` in any letter case.
    func value(of name: String) -> String? {
        fields.first { Self.equalIgnoringASCIICase($0.name, name) }?.value
    }

    /// Whether `a` and `b` are the same text in any ASCII letter case (field names are ASCII tokens), compared
    /// byte by byte without making lower-case copies.
    static func equalIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return zip(a.utf8, b.utf8).allSatisfy { x, y in
            x == y || (x ^ y == 0x20 && (0x61...0x7A).contains(x | 0x20))
        }
    }
}
