/// Where an exchange's time went, in milliseconds; `-1` where unknown.
///
/// Recorded above the transport, only the whole exchange is measured: it is written as ``wait``
/// (request sent to response complete), with ``send`` and ``receive`` unknown.
public struct HARTimings: Codable, Sendable, Equatable {
    /// Sending the request.
    public var send: Double
    /// Waiting for the response.
    public var wait: Double
    /// Reading the response.
    public var receive: Double

    /// Creates timings.
    public init(send: Double, wait: Double, receive: Double) {
        self.send = send
        self.wait = wait
        self.receive = receive
    }

    private enum CodingKeys: String, CodingKey {
        case send, wait, receive
    }

    /// Reads timings; a missing one is unknown (`-1`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        send = try container.decode(.send, or: -1)
        wait = try container.decode(.wait, or: -1)
        receive = try container.decode(.receive, or: -1)
    }
}
