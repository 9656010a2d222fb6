import HTTPClient

/// A `GET` of a JSON resource: what every benchmark sends (`Accept: application/json`).
public struct BenchmarkRequest: HTTPRequest {
    public let path: HTTPPath
    public let queryParameter: HTTPQueryParameter?

    /// `GET /<path>?<query>`, with no version segment.
    public init(path: HTTPPath, query: HTTPQueryParameter? = nil) {
        self.path = path
        self.queryParameter = query
    }

    public var method: HTTPMethod { .get }
    public var version: HTTPVersion { "" }
    public var headers: HTTPHeaders? { ["Accept": "application/json"] }
}
