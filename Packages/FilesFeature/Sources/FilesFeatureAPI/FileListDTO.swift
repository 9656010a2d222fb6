import FilesFeature
import Foundation

/// The `{"files": [{"name", "size", "sha256"}]}` body that listing and uploading answer with.
enum FileListDTO {
    private struct Listing: Decodable {
        let files: [Entry]
    }

    private struct Entry: Decodable {
        let name: String
        let size: Int64
        let sha256: String
    }

    /// The files in `data`; throws the decoder's error when it is not that shape.
    static func files(in data: Data) throws -> [RemoteFile] {
        try JSONDecoder().decode(Listing.self, from: data).files.map {
            RemoteFile(name: $0.name, size: $0.size, sha256: $0.sha256)
        }
    }
}
