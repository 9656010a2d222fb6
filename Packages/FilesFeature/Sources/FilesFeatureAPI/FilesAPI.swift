import HTTPClient

/// The Files API's endpoints (`v1/files`).
///
/// - ``list``: `GET v1/files`, answered with `{"files": [{"name", "size", "sha256"}]}`.
/// - ``file(name:)``: `GET v1/files/{name}`, answered with the bytes; pass it to `HTTPClient.download`.
/// - ``upload(contentType:)``: `POST v1/files` with a `multipart/form-data` body streamed beside the request
///   (see ``FilesUploadForm``), answered `201` with the stored files.
/// - ``delete(name:)``: `DELETE v1/files/{name}`, answered `204`.
public enum FilesAPI: HTTPRequest {
    /// Lists the stored files.
    case list
    /// Reads the file `name`.
    case file(name: String)
    /// Uploads a multipart form whose `Content-Type` (with its boundary) is `contentType`.
    case upload(contentType: String)
    /// Deletes the file `name`.
    case delete(name: String)

    public var method: HTTPMethod {
        switch self {
        case .list, .file: .get
        case .upload: .post
        case .delete: .delete
        }
    }

    /// `files`, or `files/{name}` with the name as one percent-encoded segment, whatever it holds (`/`, `..`,
    /// `%`, `?`, `#`).
    public var path: HTTPPath {
        switch self {
        case .list, .upload: "files"
        case .file(let name), .delete(let name): "files/" + HTTPPathSegment.escaping(name)
        }
    }

    public var version: HTTPVersion { "v1" }

    public var headers: HTTPHeaders? {
        switch self {
        case .list, .delete: ["Accept": "application/json"]
        case .file: nil
        case .upload(let contentType): ["Accept": "application/json", "Content-Type": contentType]
        }
    }
}
