/// An endpoint path relative to the version segment, for example `"questions/42"`.
///
/// Clients split it at `/` and percent-encode each segment, keeping a `%` that starts an escape (`%2F`); the
/// segments `.` and `..` are sent as `%2E` and `%2E%2E`. ``HTTPPathSegment/escaping(_:)`` makes any text one
/// segment.
public typealias HTTPPath = String
/// An API version segment, for example `"v1"`; empty for none.
public typealias HTTPVersion = String
/// An HTTP status code, for example `200`.
public typealias HTTPStatusCode = Int
/// Query items as name-value pairs; clients send them sorted by name.
public typealias HTTPQueryParameter = [String: String]
