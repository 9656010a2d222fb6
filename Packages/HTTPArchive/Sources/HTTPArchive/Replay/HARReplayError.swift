import Foundation

/// A request that an archive holds no answer for.
public struct HARReplayError: Error, Equatable, Sendable {
    /// The request's method.
    public let method: String
    /// The request's URL relative to any base: `/version/path?query`, query items sorted.
    public let url: String
    /// The recorded request closest to it (`METHOD URL`), or `nil` for an empty archive.
    public let nearest: String?
    /// What sets the request apart from ``nearest``, one phrase each (`query page=2 where the archive has
    /// page=1`); empty when unknown.
    public let differences: [String]

    /// Creates the error.
    public init(method: String, url: String, nearest: String?) {
        self.init(method: method, url: url, nearest: nearest, differences: [])
    }

    /// Creates the error with what sets the request apart from the nearest recorded one.
    public init(method: String, url: String, nearest: String?, differences: [String]) {
        self.method = method
        self.url = url
        self.nearest = nearest
        self.differences = differences
    }
}

extension HARReplayError: CustomStringConvertible {
    /// A one-line description naming the request, the nearest recorded one and how they differ.
    public var description: String {
        let differing = differences.isEmpty ? "" : ", which differs in \(differences.joined(separator: "; "))"
        let hint =
            nearest.map { "; the nearest recorded request is \($0)\(differing)" } ?? "; the archive has no entries"
        return "No recorded response for \(method) \(url) in the archive\(hint)"
    }
}

extension HARReplayError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
