import Foundation

/// What a chain asks of its transport: how long a request may wait for data, and how large an answer may be.
///
/// Each chain states its own limit, sized to what its API sends: a Stack Exchange page with bodies is a few
/// hundred kilobytes, a token a few dozen bytes, an avatar a small image. A larger answer ends the transfer
/// with `HTTPTransportError.responseTooLarge(limit:)` (exit 3) before it fills memory.
public struct TransportSettings: Sendable, Equatable {
    /// Seconds a request may wait for data before it times out.
    public var requestTimeout: TimeInterval
    /// The most bytes a response body may have, counted after content decoding.
    public var maximumResponseBytes: Int

    /// Creates settings.
    public init(requestTimeout: TimeInterval, maximumResponseBytes: Int) {
        self.requestTimeout = requestTimeout
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// The limit of the Stack Exchange API's answers: 8 MiB.
    public static let questionsResponseLimit = 8 << 20
    /// The limit of the token API's answers: 64 KiB.
    public static let tokenResponseLimit = 64 << 10
    /// The limit of an image (an avatar): 4 MiB.
    public static let imageResponseLimit = 4 << 20
    /// The limit of a file of the Files API: 256 MiB. The transports hand a download's body over whole before
    /// it reaches the disk, so this limit bounds the memory a download takes.
    public static let filesResponseLimit = 256 << 20
}
