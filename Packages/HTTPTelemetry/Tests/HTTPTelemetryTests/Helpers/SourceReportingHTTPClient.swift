import Foundation
import HTTPClient
import HTTPClientSupport

/// Reports `sources` to the task's observers (`HTTPLoadObservation.current`) for every load, as a cache or a replaying client
/// would, and passes the load on to `client`.
struct SourceReportingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let sources: [HTTPAnswerSource]

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let answer = try await client.load(request: request)
        for source in sources { HTTPLoadObservation.current.observe(source) }
        return answer
    }
}
