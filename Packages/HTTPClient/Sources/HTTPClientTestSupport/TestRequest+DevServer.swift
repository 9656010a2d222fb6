import Foundation
import HTTPClient

/// A request to a route of the dev server (`Scripts/dev-server`), which has no version segment.
///
/// ```swift
/// let (data, _) = try await client.load(request: devRequest(.post, "echo", body: Data("hi".utf8)))
/// ```
public func devRequest(
    _ method: HTTPMethod = .get, _ path: String, query: HTTPQueryParameter? = nil, headers: HTTPHeaders? = nil,
    body: Data? = nil
) -> TestRequest {
    TestRequest(method: method, path: path, version: "", headers: headers, queryParameter: query, body: body)
}
