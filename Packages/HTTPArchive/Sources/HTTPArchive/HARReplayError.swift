import Foundation

/// A request that an archive holds no answer for.
public struct HARReplayError: Error, Equatable, Sendable {
    /// The request's method.
    public let method: String
    /// The request's URL relative to any base: `/version/path?query`, query items sorted.
    public let url: String
    /// The recorded request closest to it (`METHOD URL`), or `nil` for an empty archive.
    public let nearest: String?

    /// Creates the error.
    public init(method: String, url: String, nearest: String?) {
        self.method = method
        self.url = url
        self.nearest = nearest
    }
}

extension HARReplayError: CustomStringConvertible {
    /// A one-line description naming the request and the nearest recorded one.
    public var description: String {
        let hint = nearest.map { "; the nearest recorded request is \($0)" } ?? "; the archive has no entries"
        return "No recorded response for \(method) \(url) in the archive\(hint)"
    }
}

extension HARReplayError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
