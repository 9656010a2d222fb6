import Foundation

/// A request derived from another one with different headers, query or body, for writing decorators.
///
/// Method, path, version and ``HTTPRequest/isSafeToRepeat`` are read from the original request, so a
/// derived request keeps every property it does not override.
///
/// ```swift
/// let signed = request.settingHeaders(["Authorization": "Bearer abc"])
/// ```
public struct ModifiedRequest: HTTPRequest {
    /// The request this one was derived from.
    public let original: any HTTPRequest
    /// The headers to send; starts as the original's.
    public var headers: HTTPHeaders?
    /// The query to send; starts as the original's.
    public var queryParameter: HTTPQueryParameter?
    /// The body to send; starts as the original's.
    public var body: Data?

    /// Starts a derived request equal to `original`.
    public init(_ original: any HTTPRequest) {
        self.original = original
        self.headers = original.headers
        self.queryParameter = original.queryParameter
        self.body = original.body
    }

    public var method: HTTPMethod { original.method }
    public var path: HTTPPath { original.path }
    public var version: HTTPVersion { original.version }
    public var isSafeToRepeat: Bool { original.isSafeToRepeat }
}

extension HTTPRequest {
    /// This request with `headers` set on top of its own; same-named fields are replaced in any letter case.
    public func settingHeaders(_ headers: HTTPHeaders) -> ModifiedRequest {
        var modified = ModifiedRequest(self)
        modified.headers = (modified.headers ?? HTTPHeaders()).merging(headers)
        return modified
    }

    /// This request with the field `name` set to `value`, replacing it under any spelling of the name.
    public func settingHeader(_ name: String, to value: String) -> ModifiedRequest {
        var modified = ModifiedRequest(self)
        var headers = modified.headers ?? HTTPHeaders()
        headers[name] = value
        modified.headers = headers
        return modified
    }

    /// This request with `parameters` added to its query; same-named items are replaced.
    public func settingQueryParameters(_ parameters: HTTPQueryParameter) -> ModifiedRequest {
        var modified = ModifiedRequest(self)
        modified.queryParameter = (queryParameter ?? [:]).merging(parameters) { _, new in new }
        return modified
    }
}
