import HTTPClient

/// Where a transfer hands the final response: the head once, then the decoded body bytes, then the end.
///
/// Called on the loop thread only, from libcurl's callbacks and when the transfer ends.
protocol ResponseSink: AnyObject {
    /// The final response's head (redirects that are followed never reach the sink).
    /// - Returns: `nil` to go on, or the error to stop the transfer with.
    func begin(_ response: HTTPResponse, head: ResponseHead, length: HTTPBodyLength) -> HTTPTransportError?

    /// Decoded body bytes; with ``BodyVerdict/pause`` the sink keeps none of them (libcurl hands them over
    /// again once the transfer is resumed).
    func accept(_ bytes: UnsafeRawBufferPointer) -> BodyVerdict

    /// The transfer ended: once, after its handle left the multi handle.
    func finish(_ result: TransferResult)
}
