import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// Starts `Scripts/dev-server` and runs `body` with a `CurlClient` for it.
func withDevServer<T>(
    requestTimeout: TimeInterval = 120, redirects: RedirectPolicy = .standard,
    maximumResponseBytes: Int = 32 * 1024 * 1024, _ body: (DevServer, CurlClient) async throws -> T
) async throws -> T {
    try await DevServer.run { server in
        let client = try CurlClient(
            baseURL: server.baseURL, requestTimeout: requestTimeout, redirects: redirects,
            maximumResponseBytes: maximumResponseBytes)
        return try await body(server, client)
    }
}

/// A request to the dev server's root, with no version segment.
func devRequest(
    _ method: HTTPMethod = .get, _ path: String, query: HTTPQueryParameter? = nil, headers: HTTPHeaders? = nil,
    body: Data? = nil
) -> TestRequest {
    TestRequest(method: method, path: path, version: "", headers: headers, queryParameter: query, body: body)
}

extension CurlClient {
    /// Sends `request` to an `/echo` route and decodes the description.
    func echo(_ request: TestRequest) async throws -> DevServerEcho {
        let (data, response) = try await load(request: request)
        #expect(response.statusCode == 200)
        return try JSONDecoder().decode(DevServerEcho.self, from: data)
    }

    /// The dev server's admin routes, through this client.
    var admin: DevServerAdmin { DevServerAdmin(client: self) }
}

extension DevServer {
    /// A client of its own for this server's admin routes.
    func admin() throws -> DevServerAdmin {
        try CurlClient(baseURL: baseURL).admin
    }
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
