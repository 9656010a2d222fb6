import Foundation

/// Resumable uploads, as closures the composition root supplies: each file travels on its own, and a record
/// of an interrupted upload lets a later call continue from the server's offset.
public struct ResumableUploads: Sendable {
    /// The resumable protocols the Files API offers, preferred first; empty when it offers none.
    public typealias Offered = @Sendable () async throws -> [ResumableFileProtocol]
    /// The protocol of the interrupted upload of `file` that a record remembers, or `nil` when there is none;
    /// throws when no record can be kept.
    public typealias Interrupted = @Sendable (_ file: URL) throws -> ResumableFileProtocol?
    /// Uploads `file` under its last path component, continuing its interrupted upload with the same protocol;
    /// returns what the server stored.
    public typealias Upload =
        @Sendable (
            _ file: URL, _ uploadProtocol: ResumableFileProtocol, _ progress: @escaping FilesActions.ReportProgress
        ) async throws -> RemoteFile
    /// Deletes the interrupted upload of `file` with the protocol on the server, and its record; returns
    /// `false` when no record remembers such an upload.
    public typealias Cancel = @Sendable (_ file: URL, _ uploadProtocol: ResumableFileProtocol) async throws -> Bool

    /// The protocols the Files API offers.
    public let offered: Offered
    /// The protocol of a file's interrupted upload.
    public let interrupted: Interrupted
    /// Uploads one file resumably.
    public let upload: Upload
    /// Cancels one file's interrupted upload.
    public let cancel: Cancel

    /// Creates the uploads from their closures.
    public init(
        offered: @escaping Offered, interrupted: @escaping Interrupted, upload: @escaping Upload,
        cancel: @escaping Cancel
    ) {
        self.offered = offered
        self.interrupted = interrupted
        self.upload = upload
        self.cancel = cancel
    }
}
