import Foundation
import HTTPClient
import HTTPClientTestSupport
import URLSessionInfrastructure

extension DevServerAdmin {
    /// Returns once the dev server's counter `key` reached `count` (the server has seen the request), through the
    /// server's long poll `GET /_admin/wait`; throws when it did not within 20 s.
    static func waitUntil(_ server: DevServer, _ key: String, reaches count: Int) async throws {
        let client = try URLSessionClient.ephemeral(baseURL: server.baseURL.absoluteString, requestTimeout: 25)
        let request = TestRequest(
            path: "_admin/wait", version: "",
            queryParameter: ["counter": key, "at_least": "\(count)", "timeout_ms": "20000"])
        let (_, response) = try await client.load(request: request)
        guard response.statusCode == 200 else { throw CounterNotReached(key: key, count: count) }
    }
}

/// A counter stayed below the count a test waited for.
struct CounterNotReached: Error {
    let key: String
    let count: Int
}
