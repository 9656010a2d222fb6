import Foundation

extension URLSessionClient {
    /// The most bytes of a streamed response body the reader has not taken that wait in memory: 1 MiB.
    ///
    /// Past it, later bytes go to a temporary file on Linux, where FoundationNetworking cannot pause a
    /// receive; on Apple platforms the task is suspended until the reader brings the memory down to a quarter
    /// of it.
    public static let streamMemoryLimit = 1024 * 1024

    /// The most bytes a streamed response's temporary file holds on Linux: 1 GiB.
    ///
    /// A reader that falls further behind fails the body with `HTTPTransportError.other(underlying:)`, its
    /// cause ``TransferError/spillLimitReached(limit:)``; the task is cancelled and the file removed.
    public static let streamSpillLimit = 1024 * 1024 * 1024

    /// Seconds a streamed response's reader may go without reading while bytes wait in its temporary file on
    /// Linux: 60 s.
    ///
    /// Past it the body fails with `HTTPTransportError.timedOut(underlying:)`, its cause
    /// ``TransferError/readerStalled(seconds:)``; the task is cancelled and the file removed.
    public static let streamStallTimeout: TimeInterval = 60

    /// The most bytes of a replayable request body of known length that ``stream(request:body:progress:receive:)``
    /// sends from memory: 1 MiB. A larger or single-pass body is uploaded from a file.
    public static let inMemoryUploadLimit = 1024 * 1024
}
