import Foundation
import HTTPClient

/// The dev server's `/_admin` routes and token-issuing endpoint, for end-to-end tests.
///
/// It sends through whatever client it is given (typically a `URLSessionClient` for ``DevServer/baseURL``),
/// so this package stays free of transport code.
public struct DevServerAdmin: Sendable {
    /// An admin route answered with something other than 200.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let client: any HTTPClient

    /// Creates an admin for the server that `client`'s base URL points at.
    public init(client: any HTTPClient) {
        self.client = client
    }

    /// The counter `key`, for example `"route:GET /v1/token"`; the client percent-encodes the path segment.
    public func count(_ key: String) async throws -> Int {
        struct Counter: Decodable {
            let key: String
            let count: Int
        }
        let (data, response) = try await client.load(request: TestRequest(path: "_admin/counters/\(key)", version: ""))
        guard response.statusCode == 200 else {
            throw Failure(description: "counter \(key): HTTP \(response.statusCode)")
        }
        let counter = try JSONDecoder().decode(Counter.self, from: data)
        guard counter.key == key else { throw Failure(description: "asked for \(key), got \(counter.key)") }
        return counter.count
    }

    /// `POST /_admin/<route>` with a JSON body, for example `post("expire-tokens")`.
    public func post(_ route: String, json: String = "{}") async throws {
        let request = TestRequest(
            method: .post, path: "_admin/\(route)", version: "", headers: ["Content-Type": "application/json"],
            body: Data(json.utf8))
        let (_, response) = try await client.load(request: request)
        guard response.statusCode == 200 else { throw Failure(description: "\(route): HTTP \(response.statusCode)") }
    }

    /// A valid access token from `POST /v1/auth/token`, without the `Bearer ` prefix.
    public func issueAccessToken() async throws -> String {
        struct Issued: Decodable {
            let accessToken: String

            enum CodingKeys: String, CodingKey {
                case accessToken = "access_token"
            }
        }
        let (data, response) = try await client.load(request: TestRequest(method: .post, path: "auth/token"))
        guard response.statusCode == 200 else { throw Failure(description: "auth/token: HTTP \(response.statusCode)") }
        return try JSONDecoder().decode(Issued.self, from: data).accessToken
    }
}
