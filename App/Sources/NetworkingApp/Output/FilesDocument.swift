import FilesFeature

/// `networking files --json`: `{"files": [{"name", "sha256", "size"}]}`, as the Files API lists them.
struct FilesDocument: Encodable {
    struct File: Encodable {
        let name: String
        let size: Int64
        let sha256: String
    }

    let files: [File]

    init(_ files: [RemoteFile]) {
        self.files = files.map { File(name: $0.name, size: $0.size, sha256: $0.sha256) }
    }
}
