import Foundation
import HTTPArchive

/// A request the archive holds no answer for, with the recorded request closest to it.
public struct ReplayMiss: Error, Equatable, Sendable {
    /// The request: its method and its URL relative to any base (`/version/path?query`, query items sorted).
    public let request: String
    /// The closest recorded request (`METHOD URL`), or `nil` for an empty archive.
    public let closest: String?
    /// What sets the request apart from ``closest``: method, path, the differing query items or the body.
    public let differences: [String]
    /// The path of the archive.
    public let archive: String

    /// Creates the miss.
    public init(request: String, closest: String?, differences: [String], archive: String) {
        self.request = request
        self.closest = closest
        self.differences = differences
        self.archive = archive
    }

    /// The miss the archive's replay client reported, for the archive at `archive`.
    init(_ error: HARReplayError, archive: URL) {
        self.init(
            request: "\(error.method) \(error.url)", closest: error.nearest, differences: error.differences,
            archive: archive.path)
    }
}

extension ReplayMiss: CustomStringConvertible {
    /// A sentence naming the request, the closest recorded one and how they differ.
    public var description: String {
        let differing = differences.isEmpty ? "" : ", which differs in \(differences.joined(separator: "; "))"
        let hint = closest.map { "; the closest recorded request is \($0)\(differing)" } ?? "; the archive is empty"
        return "No recorded answer for \(request) in \(archive)\(hint). "
            + "If the feature now sends this request, record the archive again (NETWORKING_REPLAY=record)."
    }
}

extension ReplayMiss: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
