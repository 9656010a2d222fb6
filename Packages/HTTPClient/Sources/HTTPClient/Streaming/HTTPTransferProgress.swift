/// How far a transfer has come, as byte counts in each direction.
public struct HTTPTransferProgress: Sendable, Hashable {
    /// Request body bytes sent so far.
    public var bytesSent: Int64
    /// The request body's length, or `nil` when unknown.
    public var bytesExpectedToSend: Int64?
    /// Response body bytes received so far.
    public var bytesReceived: Int64
    /// The response body's length, or `nil` when unknown (chunked, or content-encoded).
    public var bytesExpectedToReceive: Int64?

    /// Creates a progress report; every count starts at zero and every expectation as unknown.
    public init(
        bytesSent: Int64 = 0,
        bytesExpectedToSend: Int64? = nil,
        bytesReceived: Int64 = 0,
        bytesExpectedToReceive: Int64? = nil
    ) {
        self.bytesSent = bytesSent
        self.bytesExpectedToSend = bytesExpectedToSend
        self.bytesReceived = bytesReceived
        self.bytesExpectedToReceive = bytesExpectedToReceive
    }
}
