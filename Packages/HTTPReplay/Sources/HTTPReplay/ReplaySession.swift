import Foundation
import HTTPArchive
import HTTPClient
import Testing

/// What one scope of a ``ReplayTrait`` hands its tests: the client, and the recorder whose archive it writes
/// when the scope ends.
struct ReplaySession: Sendable {
    let client: any HTTPClient
    let archive: URL
    /// Collects the traffic when recording; `nil` otherwise.
    let recorder: HARRecorder?

    /// The session `trait`'s mode asks for.
    /// - Throws: ``ReplayTraitError`` when the mode is unrecognized, needs a live client the trait lacks, or
    ///   plays back an archive that is missing or unusable.
    init(for trait: ReplayTrait) throws(ReplayTraitError) {
        archive = trait.archive
        switch trait.mode {
        case .unrecognized(let value):
            throw .unrecognizedMode(value)
        case .playback:
            (client, recorder) = (try PlaybackClient(archive: archive, matching: trait.matching), nil)
        case .once where FileManager.default.fileExists(atPath: archive.path):
            (client, recorder) = (try PlaybackClient(archive: archive, matching: trait.matching), nil)
        case .record, .once:
            let recorder = HARRecorder()
            client = try Self.live(for: trait).recording(to: recorder, baseURL: ReplayTrait.recordedBaseURL)
            self.recorder = recorder
        case .live:
            (client, recorder) = (try Self.live(for: trait), nil)
        }
    }

    /// Writes the archive when recording, saying so in a warning when the test failed.
    /// - Throws: ``ReplayTraitError/cannotWriteArchive(path:reason:)``.
    func finish(testFailed: Bool) throws(ReplayTraitError) {
        guard let recorder else { return }
        do {
            try FileManager.default.createDirectory(
                at: archive.deletingLastPathComponent(), withIntermediateDirectories: true)
            try recorder.write(to: archive)
        } catch {
            throw .cannotWriteArchive(path: archive.path, reason: String(describing: error))
        }
        guard testFailed else { return }
        Issue.record(
            Comment(
                rawValue: "Recorded \(recorder.entryCount) requests to \(archive.path) although the test failed: "
                    + "check the archive before committing it."),
            severity: .warning)
    }

    private static func live(for trait: ReplayTrait) throws(ReplayTraitError) -> any HTTPClient {
        guard let live = trait.live else { throw .noLiveClient(mode: "\(trait.mode)") }
        do {
            return try live()
        } catch {
            throw .cannotMakeLiveClient(reason: String(describing: error))
        }
    }
}
