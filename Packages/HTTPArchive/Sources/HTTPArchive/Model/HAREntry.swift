/// One exchange: a request, its response (or the failure), and when and how long.
public struct HAREntry: Codable, Sendable, Equatable {
    /// When the request started, ISO 8601 with fractional seconds.
    public var startedDateTime: String
    /// Milliseconds the exchange took: the sum of the known ``timings``.
    public var time: Double
    /// The request as sent.
    public var request: HARRequest
    /// The response as received; status 0 when none arrived.
    public var response: HARResponse
    /// Cache information; this package writes an empty object.
    public var cache: HARCache
    /// Where the time went.
    public var timings: HARTimings
    /// A free-text comment, if any.
    public var comment: String?
    /// Why no response arrived (`_error`, HAR's custom-field convention), as browsers and this package write it.
    public var error: String?
    /// The transport error this package recorded (`_transportError`), so replay throws the same one.
    public var transportError: HARTransportFailure?

    /// Creates an entry.
    public init(
        startedDateTime: String, time: Double, request: HARRequest, response: HARResponse,
        cache: HARCache = HARCache(), timings: HARTimings, comment: String? = nil, error: String? = nil,
        transportError: HARTransportFailure? = nil
    ) {
        self.startedDateTime = startedDateTime
        self.time = time
        self.request = request
        self.response = response
        self.cache = cache
        self.timings = timings
        self.comment = comment
        self.error = error
        self.transportError = transportError
    }

    private enum CodingKeys: String, CodingKey {
        case startedDateTime, time, request, response, cache, timings, comment
        case error = "_error"
        case transportError = "_transportError"
    }

    /// Reads an entry; only `request` and `response` are needed, the rest defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        startedDateTime = try container.decode(.startedDateTime, or: "")
        time = try container.decode(.time, or: -1)
        request = try container.decode(HARRequest.self, forKey: .request)
        response = try container.decode(HARResponse.self, forKey: .response)
        cache = try container.decode(.cache, or: HARCache())
        timings = try container.decode(.timings, or: HARTimings(send: -1, wait: -1, receive: -1))
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
        // Some writers put an object or a number in `_error`; only text is a message.
        error = try? container.decodeIfPresent(String.self, forKey: .error)
        transportError = try? container.decodeIfPresent(HARTransportFailure.self, forKey: .transportError)
    }
}

/// The `cache` object; its contents are not used, so it reads anything and writes `{}`.
public struct HARCache: Codable, Sendable, Equatable {
    /// Creates an empty cache object.
    public init() {}

    /// Reads any cache object.
    public init(from decoder: any Decoder) throws {}

    /// Writes `{}`.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: CodingKeysNone.self)
    }

    private enum CodingKeysNone: CodingKey {}
}
