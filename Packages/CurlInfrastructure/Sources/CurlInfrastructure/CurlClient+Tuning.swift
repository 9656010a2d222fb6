import Foundation

extension CurlClient {
    /// The default of `maximumResponseBytes`: 32 MiB.
    public static let defaultMaximumResponseBytes = 32 * 1024 * 1024

    /// The default of `requestTimeout`, in seconds: 30 s.
    public static let defaultRequestTimeout: TimeInterval = 30

    /// The most bytes of a streamed response body that wait in the client for a reader that fell behind:
    /// 512 KiB. When a write from libcurl would pass it, the transfer pauses until the reader takes the batch.
    public static let streamBufferLimit = 512 * 1024

    /// The size of libcurl's receive buffer for a streamed body, the most bytes one write brings: 256 KiB.
    public static let streamReceiveBufferSize = 256 * 1024

    /// The most decoded bytes one read of a content-encoded streamed body brings: 64 KiB. The body is decoded
    /// as it is read, so a highly compressed one never piles up decoded bytes in the client.
    public static let streamDecodedChunkSize = 64 * 1024

    /// The most bytes of a content-encoded streamed body that wait in the client for its decoder: 256 KiB.
    /// With the batch the decoder holds and the decoded chunk being read, it bounds what the client holds of such
    /// a body.
    public static let streamEncodedBufferLimit = 256 * 1024

    /// The buffer between a request body and libcurl's read callback: 512 KiB. A full buffer makes the body's
    /// reader wait; an empty one pauses the transfer until the reader brings more. libcurl takes half of it a
    /// read, so the reader refills the other half while libcurl sends.
    public static let uploadBufferSize = 512 * 1024

    /// The most bytes of a redirect's own body read to keep its connection: 1 MiB. Past it the hop is cut
    /// short, and the redirect is still followed.
    public static let redirectBodyLimit = 1024 * 1024
}
