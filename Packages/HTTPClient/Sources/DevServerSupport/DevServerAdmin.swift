import Foundation
import HTTPClient

/// The dev server's `/_admin` routes and token-issuing endpoint, for end-to-end tests and the soak tool.
///
/// It sends through whatever client it is given (typically a `URLSessionClient` for ``DevServer/baseURL``),
/// so this package stays free of transport code. The admin routes are never faulted.
public struct DevServerAdmin: Sendable {
    /// An admin route answered with something other than 200, or with a body it does not document.
    public struct Error: Swift.Error, CustomStringConvertible {
        public let description: String
    }

    private let client: any HTTPClient

    /// Creates an admin for the server that `client`'s base URL points at.
    public init(client: any HTTPClient) {
        self.client = client
    }

    /// The counter `key`, for example `"route:GET /v1/token"`, sent as one path segment (`/` and `%` escaped), which
    /// the server decodes back to `key`.
    public func count(_ key: String) async throws -> Int {
        struct Counter: Decodable {
            let key: String
            let count: Int
        }
        let data = try await load(
            AdminRequest(path: "_admin/counters/" + HTTPPathSegment.escaping(key)), "counter \(key)")
        let counter = try JSONDecoder().decode(Counter.self, from: data)
        guard counter.key == key else { throw Error(description: "asked for \(key), got \(counter.key)") }
        return counter.count
    }

    /// Every counter (`route:GET /v1/token`, `token.stored`, `auth.token.issued`, …).
    public func counters() async throws -> [String: Int] {
        let data = try await load(AdminRequest(path: "_admin/counters"), "counters")
        return try JSONDecoder().decode([String: Int].self, from: data)
    }

    /// Returns once the counter `key` reached `count` (the server has seen the request), through the server's
    /// long poll `GET /_admin/wait`; throws ``Error`` when it did not within `timeoutMilliseconds`.
    public func waitUntil(_ key: String, reaches count: Int, timeoutMilliseconds: Int = 20_000) async throws {
        let request = AdminRequest(
            path: "_admin/wait",
            queryParameter: ["counter": key, "at_least": "\(count)", "timeout_ms": "\(timeoutMilliseconds)"])
        let (_, response) = try await client.load(request: request)
        guard response.statusCode == 200 else {
            throw Error(description: "counter \(key) did not reach \(count) within \(timeoutMilliseconds) ms")
        }
    }

    /// `POST /_admin/<route>` with a JSON body, for example `post("expire-tokens")`.
    public func post(_ route: String, json: String = "{}") async throws {
        _ = try await load(postRequest(route, json: json), route)
    }

    /// Expires every access token now; returns how many were still valid.
    public func expireTokens() async throws -> Int {
        struct Expired: Decodable { let expired: Int }
        return try JSONDecoder().decode(Expired.self, from: await load(postRequest("expire-tokens"), "expire-tokens"))
            .expired
    }

    /// The fault mode in force (`rate`, `kinds`, `seed`, …), as the server's JSON object.
    public func faults() async throws -> [String: Any] {
        let data = try await load(AdminRequest(path: "_admin/faults"), "faults")
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Error(description: "faults: not a JSON object")
        }
        return object
    }

    /// A valid access token from `POST /v1/auth/token`, without the `Bearer ` prefix.
    public func issueAccessToken() async throws -> String {
        struct Issued: Decodable {
            let accessToken: String

            enum CodingKeys: String, CodingKey {
                case accessToken = "access_token"
            }
        }
        let data = try await load(AdminRequest(method: .post, path: "auth/token", version: "v1"), "auth/token")
        return try JSONDecoder().decode(Issued.self, from: data).accessToken
    }

    private func postRequest(_ route: String, json: String = "{}") -> AdminRequest {
        AdminRequest(
            method: .post, path: "_admin/\(route)", headers: ["Content-Type": "application/json"], body: Data(json.utf8)
        )
    }

    private func load(_ request: AdminRequest, _ what: String) async throws -> Data {
        let (data, response) = try await client.load(request: request)
        guard response.statusCode == 200 else { throw Error(description: "\(what): HTTP \(response.statusCode)") }
        return data
    }
}
