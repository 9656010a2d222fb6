import Foundation
import HTTPClient

/// Loads each request `times` times from `client`, as a retrying decorator would, and returns the last answer.
struct RepeatingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let times: Int

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        for _ in 1..<max(times, 1) { try await client.load(request: request) }
        return try await client.load(request: request)
    }
}
