import Foundation
import HTTPClient

/// An in-memory `HTTPClient` that answers every request at once with the same JSON response.
///
/// A class so that a weak reference can prove it is released with the chain around it.
public final class InstantClient: HTTPClient {
    private let data: Data
    private let response: HTTPResponse

    /// Answers `200` with a small JSON body and `Content-Type: application/json`.
    public init() {
        data = Data(#"{"items":[{"id":1,"title":"benchmark"}],"has_more":false}"#.utf8)
        response = HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json; charset=utf-8"])
    }

    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        (data, response)
    }
}
