import Foundation

/// The things the files screen asks the outside world to do, as closures the composition root supplies.
///
/// The feature knows nothing about HTTP; `FilesFeatureAPI` has the endpoints and mappers to build these from.
public struct FilesActions: Sendable {
    /// Reports transfer progress; called often, from any task.
    public typealias ReportProgress = @Sendable (TransferProgress) -> Void
    /// Lists the stored files.
    public typealias List = @Sendable () async throws -> [RemoteFile]
    /// Downloads the file `name` to the local file URL `destination`, resuming an interrupted earlier download.
    public typealias Download =
        @Sendable (_ name: String, _ destination: URL, _ progress: @escaping ReportProgress)
        async throws -> Void
    /// Downloads the file `name`, handing its bytes to `write` in order as they arrive: for a destination that
    /// is written in place (standard output, a FIFO), with no partial file and no resume.
    public typealias DownloadBytes =
        @Sendable (
            _ name: String, _ write: @escaping @Sendable (Data) throws -> Void, _ progress: @escaping ReportProgress
        ) async throws -> Void
    /// Uploads the local files, each under its own last path component; returns what the server stored.
    public typealias Upload =
        @Sendable (_ files: [URL], _ progress: @escaping ReportProgress) async throws
        -> [RemoteFile]
    /// Deletes the file `name`.
    public typealias Delete = @Sendable (_ name: String) async throws -> Void

    /// Lists the stored files.
    public let list: List
    /// Downloads one file.
    public let download: Download
    /// Downloads one file as a stream of bytes, or `nil` when the outside world offers no such action.
    public let downloadBytes: DownloadBytes?
    /// Uploads local files.
    public let upload: Upload
    /// Deletes one file.
    public let delete: Delete
    /// Uploads one file at a time, resumably, or `nil` when the outside world offers no such action.
    public let resumableUploads: ResumableUploads?

    /// Creates the actions from their closures, without ``downloadBytes``.
    public init(list: @escaping List, download: @escaping Download, upload: @escaping Upload, delete: @escaping Delete)
    {
        self.init(list: list, download: download, downloadBytes: nil, upload: upload, delete: delete)
    }

    /// Creates the actions from their closures, without ``resumableUploads``.
    public init(
        list: @escaping List, download: @escaping Download, downloadBytes: DownloadBytes?, upload: @escaping Upload,
        delete: @escaping Delete
    ) {
        self.init(
            list: list, download: download, downloadBytes: downloadBytes, upload: upload, delete: delete,
            resumableUploads: nil)
    }

    /// Creates the actions from their closures.
    public init(
        list: @escaping List, download: @escaping Download, downloadBytes: DownloadBytes?, upload: @escaping Upload,
        delete: @escaping Delete, resumableUploads: ResumableUploads?
    ) {
        self.list = list
        self.download = download
        self.downloadBytes = downloadBytes
        self.upload = upload
        self.delete = delete
        self.resumableUploads = resumableUploads
    }
}
