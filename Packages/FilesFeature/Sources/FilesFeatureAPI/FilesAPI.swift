import HTTPClient
import HTTPTransfers

/// The Files API's endpoints (`v1/files`).
///
/// - ``list``: `GET v1/files`, answered with `{"files": [{"name", "size", "sha256"}]}`.
/// - ``file(name:)``: `GET v1/files/{name}`, answered with the bytes; pass it to `HTTPClient.download`.
/// - ``upload(contentType:)``: `POST v1/files` with a `multipart/form-data` body streamed beside the request
///   (see ``FilesUploadForm``), answered `201` with the stored files.
/// - ``delete(name:)``: `DELETE v1/files/{name}`, answered `204`.
/// - ``uploadOptions``: `OPTIONS v1/tus/`, answered `204` with `Tus-Version` and `Tus-Extension` where the
///   Files API offers tus 1.0 (see ``FilesUploadOptionsMapper``).
/// - ``resumableUpload(_:)``: the upload-creation endpoint of a resumable protocol, `POST v1/uploads` (the
///   draft) or `POST v1/tus/` (tus); pass it to `HTTPClient.uploadResumably`.
public enum FilesAPI: HTTPURLTemplated {
    /// Lists the stored files.
    case list
    /// Reads the file `name`.
    case file(name: String)
    /// Uploads a multipart form whose `Content-Type` (with its boundary) is `contentType`.
    case upload(contentType: String)
    /// Deletes the file `name`.
    case delete(name: String)
    /// Asks which resumable upload protocol the Files API offers.
    case uploadOptions
    /// Creates a resumable upload with `uploadProtocol`.
    case resumableUpload(ResumableUploadProtocol)

    public var method: HTTPMethod {
        switch self {
        case .list, .file: .get
        case .upload, .resumableUpload: .post
        case .delete: .delete
        case .uploadOptions: .options
        }
    }

    /// `files`, or `files/{name}` with the name as one percent-encoded segment, whatever it holds (`/`, `..`,
    /// `%`, `?`, `#`).
    public var path: HTTPPath {
        switch self {
        case .list, .upload: "files"
        case .file(let name), .delete(let name): "files/" + HTTPPathSegment.escaping(name)
        case .uploadOptions, .resumableUpload(.tus): "tus/"
        case .resumableUpload(.draft): "uploads"
        }
    }

    public var version: HTTPVersion { "v1" }

    /// The path with the file name as a placeholder, for telemetry: `/v1/files/{name}` for one file.
    public var urlTemplate: String {
        switch self {
        case .list, .upload: "/v1/files"
        case .file, .delete: "/v1/files/{name}"
        case .uploadOptions, .resumableUpload(.tus): "/v1/tus/"
        case .resumableUpload(.draft): "/v1/uploads"
        }
    }

    public var headers: HTTPHeaders? {
        switch self {
        case .list, .delete, .resumableUpload: ["Accept": "application/json"]
        case .file, .uploadOptions: nil
        case .upload(let contentType): ["Accept": "application/json", "Content-Type": contentType]
        }
    }
}
