import Foundation
import HTTPArchive
import HTTPClient
import Testing

/// Answers from an archive with `HARReplayClient`; a request the archive lacks throws ``ReplayMiss`` and records
/// it as an issue of the current test, so the test fails even when the feature catches the error.
struct PlaybackClient: HTTPClient {
    let replay: HARReplayClient
    let archive: URL

    /// Reads the archive at `archive`, to answer by `matching`.
    /// - Throws: ``ReplayTraitError/cannotReadArchive(path:reason:)`` when it is missing or unusable.
    init(archive: URL, matching: ReplayMatching) throws(ReplayTraitError) {
        guard FileManager.default.fileExists(atPath: archive.path) else {
            throw .cannotReadArchive(
                path: archive.path,
                reason: "there is no such file; record it with \(ReplayMode.environmentVariable)=record")
        }
        do {
            replay = try HARReplayClient(contentsOf: archive, matching: matching.archiveMatching)
        } catch {
            throw .cannotReadArchive(path: archive.path, reason: String(describing: error))
        }
        self.archive = archive
    }

    @discardableResult
    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        do {
            return try await replay.load(request: request)
        } catch let error as HARReplayError {
            throw miss(error)
        }
    }

    func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        do {
            return try await replay.stream(request: request, body: body, progress: progress, receive: receive)
        } catch let error as HARReplayError {
            throw miss(error)
        }
    }

    /// The miss for `error`, recorded as an issue at the current test's source location.
    private func miss(_ error: HARReplayError) -> ReplayMiss {
        let miss = ReplayMiss(error, archive: archive)
        if let location = Test.current?.sourceLocation {
            Issue.record(Comment(rawValue: miss.description), sourceLocation: location)
        } else {
            Issue.record(Comment(rawValue: miss.description))
        }
        return miss
    }
}
