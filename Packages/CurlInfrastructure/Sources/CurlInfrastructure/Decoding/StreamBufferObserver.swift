/// Told how many body bytes a streamed response holds in the client, for tests: bytes waiting in its
/// ``ResponseStream``, and encoded bytes its decoder holds.
protocol StreamBufferObserver: Sendable {
    /// `holder` holds `bytes` now.
    func record(_ bytes: Int, in holder: StreamBufferHolder)
}

/// Where a streamed response's body bytes wait in the client.
enum StreamBufferHolder: Sendable {
    /// The ``ResponseStream`` between libcurl and the reader.
    case buffer
    /// The reader's decoder (``DecodedChunks``).
    case decoder
}

/// The observer of the `stream` calls made in the current task: `nil` (nothing is counted) unless a test
/// binds one with `StreamBufferObservation.$observer.withValue(_:operation:)`.
enum StreamBufferObservation {
    @TaskLocal static var observer: (any StreamBufferObserver)?
}
