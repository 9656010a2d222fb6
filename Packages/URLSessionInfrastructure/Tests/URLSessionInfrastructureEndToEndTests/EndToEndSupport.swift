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

/// A request to the dev-server's root, with no version segment.
func devRequest(_ method: HTTPMethod = .get, _ path: String, body: Data? = nil) -> TestRequest {
    TestRequest(method: method, path: path, version: "", body: body)
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
