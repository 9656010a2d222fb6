extension URLSessionClient {
    /// The most bytes of a streamed response body the reader has not taken that wait in memory: 1 MiB.
    ///
    /// Past it, later bytes go to a temporary file on Linux, where FoundationNetworking cannot pause a
    /// receive; on Apple platforms the task is suspended until the reader brings the memory down to a quarter
    /// of it.
    public static let streamMemoryLimit = 1024 * 1024

    /// The most bytes of a replayable request body of known length that ``stream(request:body:progress:receive:)``
    /// sends from memory: 1 MiB. A larger or single-pass body is uploaded from a file.
    public static let inMemoryUploadLimit = 1024 * 1024
}
