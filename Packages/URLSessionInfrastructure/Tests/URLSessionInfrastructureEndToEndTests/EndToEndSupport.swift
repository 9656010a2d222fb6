import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

/// Starts `Scripts/dev-server` and runs `body` with a client on its own ephemeral session.
func withDevServer<T>(
    requestTimeout: TimeInterval = 120, _ body: (DevServer, URLSessionClient) async throws -> T
) async throws -> T {
    try await DevServer.run { server in
        let client = try URLSessionClient.ephemeral(
            baseURL: server.baseURL.absoluteString, requestTimeout: requestTimeout)
        return try await body(server, client)
    }
}

/// Starts a dev server on 127.0.0.1 and another on 127.0.0.2 (a different origin), and runs `body` with both.
func withTwoOrigins<T>(_ body: (DevServer, DevServer) async throws -> T) async throws -> T {
    try await DevServer.run { first in
        try await DevServer.run(arguments: ["--host", "127.0.0.2"]) { second in
            try await body(first, second)
        }
    }
}

/// A request to the dev-server's root, with no version segment.
func devRequest(
    _ method: HTTPMethod = .get, _ path: String, query: HTTPQueryParameter? = nil, headers: HTTPHeaders? = nil,
    body: Data? = nil
) -> TestRequest {
    TestRequest(method: method, path: path, version: "", headers: headers, queryParameter: query, body: body)
}

/// The dev-server's `/echo` description of a request as it arrived.
struct Echo: Decodable {
    let method: String
    let path: String
    let query: String
    let queryItems: [[String]]
    let headers: [[String]]
    let bodyBase64: String

    enum CodingKeys: String, CodingKey {
        case method, path, query, headers
        case queryItems = "query_items"
        case bodyBase64 = "body_base64"
    }

    var body: Data { Data(base64Encoded: bodyBase64) ?? Data() }

    /// The first header named `name`, in any letter case.
    func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }
}

extension URLSessionClient {
    /// Sends `request` to an `/echo` route and decodes the description.
    func echo(_ request: TestRequest) async throws -> Echo {
        let (data, response) = try await load(request: request)
        #expect(response.statusCode == 200)
        return try JSONDecoder().decode(Echo.self, from: data)
    }

    /// The dev server's admin routes, through this client.
    var admin: DevServerAdmin { DevServerAdmin(client: self) }
}

/// The error a throwing call ended with, as an `HTTPTransportError`.
func transportError(of operation: () async throws -> Void) async -> HTTPTransportError? {
    do {
        try await operation()
        Issue.record("expected an HTTPTransportError, but the call succeeded")
        return nil
    } catch let error as HTTPTransportError {
        return error
    } catch {
        Issue.record("expected an HTTPTransportError, got \(error)")
        return nil
    }
}
