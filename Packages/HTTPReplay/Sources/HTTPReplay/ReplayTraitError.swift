import Foundation

/// Why a ``ReplayTrait`` cannot give its test a client, or could not write its archive.
public enum ReplayTraitError: Error, Equatable, Sendable {
    /// ``ReplayMode/environmentVariable`` names no mode.
    case unrecognizedMode(String)
    /// The mode needs the live client, and the trait was given none.
    case noLiveClient(mode: String)
    /// The `live` closure threw.
    case cannotMakeLiveClient(reason: String)
    /// The archive to play back is missing or unusable.
    case cannotReadArchive(path: String, reason: String)
    /// The recorded archive could not be written.
    case cannotWriteArchive(path: String, reason: String)
    /// ``Replay/client`` was used outside a test or suite that has the trait.
    case noReplayScope
}

extension ReplayTraitError: CustomStringConvertible {
    /// A sentence saying what is wrong and what to do.
    public var description: String {
        switch self {
        case .unrecognizedMode(let value):
            "\(ReplayMode.environmentVariable) is \"\(value)\", which names no replay mode: "
                + "use playback, record, once or live."
        case .noLiveClient(let mode):
            "Replay mode \(mode) needs a live client, and the .replaying trait has none: "
                + "pass live: to .replaying, or play back (unset \(ReplayMode.environmentVariable))."
        case .cannotMakeLiveClient(let reason):
            "The live client for recording could not be made: \(reason)"
        case .cannotReadArchive(let path, let reason):
            "Cannot play back \(path): \(reason)"
        case .cannotWriteArchive(let path, let reason):
            "Cannot write the recorded archive \(path): \(reason)"
        case .noReplayScope:
            "Replay.client was used outside a test or suite with the .replaying trait."
        }
    }
}

extension ReplayTraitError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
