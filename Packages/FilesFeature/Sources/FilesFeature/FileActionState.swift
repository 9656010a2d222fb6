import Foundation

/// What a download, an upload or a deletion shows at one moment.
public enum FileActionState: Equatable, Sendable {
    /// Under way; the progress once bytes move, `nil` before.
    case running(TransferProgress?)
    /// The file `name` is complete at `destination`.
    case downloaded(name: String, destination: URL)
    /// The server stored these files.
    case uploaded([RemoteFile])
    /// The file `name` is gone.
    case deleted(name: String)
    /// The action failed; `message` says what happened and what to try.
    case failed(message: String)
}
