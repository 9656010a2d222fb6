import Foundation

/// What a chain asks of its transport: how long a request may wait for data, and how large an answer read
/// whole may be.
///
/// Each chain states its own limit, sized to what its API sends: a Stack Exchange page with bodies is a few
/// hundred kilobytes, a token a few dozen bytes, an avatar a small image. The limit bounds what
/// `load(request:)` holds in memory: a larger answer ends the transfer with
/// `HTTPTransportError.responseTooLarge(limit:)` (exit 3) before it fills memory. A streamed body (a download,
/// an upload) is read in constant memory and is not bounded by it.
public struct TransportSettings: Sendable, Equatable {
    /// Seconds a request may wait for data before it times out.
    public var requestTimeout: TimeInterval
    /// The most bytes an answer read whole by `load(request:)` may have, counted after content decoding.
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
    /// The limit of the Files API's answers read whole (the listing, an error): 8 MiB. Downloads and uploads
    /// stream, so a file's size is not bounded by it.
    public static let filesResponseLimit = 8 << 20
}
