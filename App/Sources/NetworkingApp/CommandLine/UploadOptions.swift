import FilesFeature

/// The arguments and options of `networking files upload FILE...`.
struct UploadOptions: Equatable, Sendable {
    var paths: [String] = []
    /// `--protocol`: how the files travel; `nil` decides per file (see ``FilesCommand``).
    var uploadProtocol: UploadProtocolChoice?
    /// `--cancel`: delete the files' interrupted uploads instead of uploading them.
    var cancel = false
}

/// The values of `files upload --protocol`.
enum UploadProtocolChoice: String, CaseIterable, Equatable, Sendable {
    /// Resumable Uploads for HTTP (the IETF draft), at `POST v1/uploads`.
    case draft
    /// tus 1.0, at `POST v1/tus/`.
    case tus
    /// One `multipart/form-data` request at `POST v1/files`, not resumable.
    case multipart

    /// The resumable protocol chosen, or `nil` for ``multipart``.
    var resumable: ResumableFileProtocol? {
        switch self {
        case .draft: .draft
        case .tus: .tus
        case .multipart: nil
        }
    }
}
