import Foundation

/// What the dev server's `/echo` routes answer: the request as it arrived, after any client, proxy or cache.
///
/// ```swift
/// let echo = try JSONDecoder().decode(DevServerEcho.self, from: data)
/// #expect(echo.header("Accept") == "application/json")
/// ```
public struct DevServerEcho: Decodable, Sendable {
    /// The request method.
    public let method: String
    /// The request path, as sent.
    public let path: String
    /// The query string, as sent (without `?`).
    public let query: String
    /// The query's name-value pairs, decoded, in order.
    public let queryItems: [[String]]
    /// The header fields as name-value pairs, in the order they arrived.
    public let headers: [[String]]
    private let bodyBase64: String

    enum CodingKeys: String, CodingKey {
        case method, path, query, headers
        case queryItems = "query_items"
        case bodyBase64 = "body_base64"
    }

    /// The request body; empty when there was none.
    public var body: Data { Data(base64Encoded: bodyBase64) ?? Data() }

    /// The first field named `name`, in any letter case.
    public func header(_ name: String) -> String? {
        values(name).first
    }

    /// Every value of the fields named `name`, in any letter case, in order.
    public func values(_ name: String) -> [String] {
        headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap(\.last)
    }
}
