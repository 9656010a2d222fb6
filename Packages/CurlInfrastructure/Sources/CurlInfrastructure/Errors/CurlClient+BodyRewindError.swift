extension CurlClient {
    /// Why a request could not be sent again: libcurl retries a request on a new connection when a reused
    /// one closes before any answer, and a single-pass body cannot be read a second time.
    ///
    /// ``CurlClient`` throws it as the cause of `HTTPTransportError.connectionLost(underlying:)`, which is
    /// transient: the same request with a fresh body may succeed, and a retry decorator that resends only
    /// replayable bodies leaves it to the caller.
    public struct BodyRewindError: Error, Hashable, Sendable {
        /// libcurl's error: `CURLE_SEND_FAIL_REWIND` (65) and its message.
        public let underlying: CurlError

        /// The error with libcurl's cause.
        public init(underlying: CurlError) {
            self.underlying = underlying
        }
    }
}

extension CurlClient.BodyRewindError: CustomStringConvertible {
    /// A one-line description naming the single-pass body and libcurl's cause.
    public var description: String {
        "The connection closed before any answer and the single-pass request body cannot be sent again "
            + "(\(underlying))"
    }
}
