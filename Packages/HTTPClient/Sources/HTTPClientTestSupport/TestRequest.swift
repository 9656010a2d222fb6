import Foundation
import HTTPClient

/// A request whose every property a test can set.
public struct TestRequest: HTTPRequest, Equatable {
    public var method: HTTPMethod
    public var path: HTTPPath
    public var version: HTTPVersion
    public var headers: HTTPHeaders?
    public var queryParameter: HTTPQueryParameter?
    public var body: Data?
    /// Whether the request says it may be repeated; `false` unless a test sets it.
    public var isSafeToRepeat = false

    /// Creates a request; every property has a harmless default.
    public init(
        method: HTTPMethod = .get,
        path: HTTPPath = "resource",
        version: HTTPVersion = "v1",
        headers: HTTPHeaders? = nil,
        queryParameter: HTTPQueryParameter? = nil,
        body: Data? = nil
    ) {
        self.method = method
        self.path = path
        self.version = version
        self.headers = headers
        self.queryParameter = queryParameter
        self.body = body
    }
}
