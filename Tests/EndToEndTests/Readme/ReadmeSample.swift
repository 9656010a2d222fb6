import Foundation
import HTTPClient
import HTTPClientDecorators
import URLSessionInfrastructure

// The Swift sample at the top of README.md, line for line between the markers (Scripts/tests/test_readme.py
// compares them; this target compiles it and ReadmeSampleTests runs it against the local backend).
// README sample: begin
struct TopQuestions: HTTPRequest {  // an endpoint: a value the feature owns, not a URL string
    let tag: String
    var method: HTTPMethod { .get }
    var path: HTTPPath { "questions" }
    var version: HTTPVersion { "2.3" }
    var queryParameter: HTTPQueryParameter? { ["site": "stackoverflow", "tagged": tag] }
}

func topQuestions(from baseURL: String) async throws -> (page: Data, streamedBytes: Int) {
    let client = try URLSessionClient.ephemeral(baseURL: baseURL)  // the composition root picks a transport
        .retrying()  // and wraps it in decorators, one concern each
        .handlingErrors()  // a non-2xx answer throws HTTPError.httpCode
    let (page, _) = try await client.load(request: TopQuestions(tag: "swiftui"))  // the body in memory
    let streamed = try await client.stream(request: TopQuestions(tag: "swift"), body: nil, progress: nil) {
        _, body in try await body.collect(upTo: 1 << 20).count  // or chunk by chunk, in constant memory
    }
    return (page, streamed)
}
// README sample: end
