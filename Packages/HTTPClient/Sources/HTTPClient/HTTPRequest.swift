import Foundation

/// Everything needed to send one HTTP request, relative to a client's base URL.
///
/// The URL is `baseURL/version/path?queryParameter`; an empty `version` adds no segment.
public protocol HTTPRequest: Sendable {
    /// The request method.
    var method: HTTPMethod { get }
    /// The endpoint path, relative to the version segment (for example `"token"`).
    var path: HTTPPath { get }
    /// The API version segment (for example `"v1"`), or `""` for none.
    var version: HTTPVersion { get }
    /// Header fields to send, or `nil` for none.
    var headers: HTTPHeaders? { get }
    /// Query items to send, or `nil` for none.
    var queryParameter: HTTPQueryParameter? { get }
    /// The request body, or `nil` for none.
    var body: Data? { get }
    /// Whether sending this request more than once has the effect of sending it once, although its
    /// method is not idempotent (a `POST` that only issues a fresh token, say); `false` by default.
    ///
    /// Retrying decorators repeat idempotent methods anyway; this lets a request opt in to the same
    /// treatment.
    var isSafeToRepeat: Bool { get }
}

extension HTTPRequest {
    /// No headers by default.
    public var headers: HTTPHeaders? { nil }
    /// No query by default.
    public var queryParameter: HTTPQueryParameter? { nil }
    /// No body by default.
    public var body: Data? { nil }
    /// Not repeatable beyond what its method allows, by default.
    public var isSafeToRepeat: Bool { false }
}
