import HTTPClient

/// The files API's endpoints.
///
/// - ``list``: `GET v1/files`, answered with a JSON array of `{"id": Int, "name": String}`.
public enum FilesAPI: HTTPRequest {
    /// Lists every item.
    case list

    /// `GET`.
    public var method: HTTPMethod { .get }

    /// `files`.
    public var path: HTTPPath { "files" }

    /// `v1`.
    public var version: HTTPVersion { "v1" }

    /// Asks for JSON.
    public var headers: HTTPHeaders? { ["Accept": "application/json"] }
}
