import Foundation
import HTTPArchive
import HTTPCaching
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPTelemetry

/// Builds the app's client chains; their order and the reason for each layer: <doc:WiringTheCompositionRoot>.
public struct HTTPClientFactory: Sendable {
    /// The `User-Agent` every chain sends.
    public static let userAgent = "networking/\(NetworkingVersion.current)"

    /// Seconds a request may wait for data before it times out.
    public var requestTimeout: TimeInterval
    /// The retry policy of every chain.
    public var retryPolicy: RetryPolicy
    /// Where request/response logs go; `nil` turns logging off.
    public var log: (@Sendable (String) -> Void)?
    /// Makes the innermost client for a base URL and the chain's ``TransportSettings``; a chain calls it on its
    /// first request that reaches the transport, so a chain the cache answers alone never calls it.
    public var makeTransport: MakeTransport
    /// The disk cache of the questions and image chains; `nil` for none.
    public var cache: ResponseCache?
    /// Records every chain's traffic (`--record`); `nil` records nothing.
    public var recorder: HARRecorder?
    /// Counts the recorded loads still running, so the archive is written after them (see ``TrafficArchive``).
    package var inFlight: InFlightLoads?
    /// Traces every request attempt (`--trace` or an OTLP endpoint); `nil` traces nothing.
    package var telemetry: TelemetryCollector?
    /// `--timeout`: bounds every chain (the outermost layer), all of them together; `nil` for no bound.
    package var deadline: SharedDeadline?

    /// Makes the innermost client for a base URL and the chain's ``TransportSettings``.
    public typealias MakeTransport = @Sendable (URL, TransportSettings) throws -> any HTTPClient

    /// Creates a factory; the defaults are the app's, over an ephemeral `URLSessionClient` per base URL.
    public init(
        requestTimeout: TimeInterval = 30,
        retryPolicy: RetryPolicy = .default,
        log: (@Sendable (String) -> Void)? = nil,
        cache: ResponseCache? = nil,
        recorder: HARRecorder? = nil,
        makeTransport: @escaping MakeTransport = { try Self.urlSessionTransport(baseURL: $0, settings: $1) }
    ) {
        self.requestTimeout = requestTimeout
        self.retryPolicy = retryPolicy
        self.log = log
        self.cache = cache
        self.recorder = recorder
        self.makeTransport = makeTransport
    }

    /// The Stack Exchange API, cached in the cache's mode or in `mode` when given.
    public func questionsClient(baseURL: URL, mode: HTTPCachePolicy.Mode? = nil) throws -> any HTTPClient {
        try chain(
            baseURL,
            Layers(
                responseLimit: TransportSettings.questionsResponseLimit, deduplicates: true,
                cache: Layers.Cache(mode: mode, defaultFreshness: ResponseCache.stackExchangeFreshness)))
    }

    /// The token API, signed with `accessToken` and refreshed through `refreshAccessToken` on a 401.
    /// Both closures return a whole `Authorization` value.
    public func tokenClient(
        baseURL: URL,
        accessToken: @escaping @Sendable () async throws -> String,
        refreshAccessToken: @escaping @Sendable () async throws -> String
    ) throws -> any HTTPClient {
        try chain(
            baseURL,
            Layers(
                responseLimit: TransportSettings.tokenResponseLimit, logsBodies: false, recordsBodies: false,
                authentication: Layers.Authentication(
                    accessToken: accessToken, refreshAccessToken: refreshAccessToken)))
    }

    /// The Files API, signed and refreshed like ``tokenClient(baseURL:accessToken:refreshAccessToken:)`` (it
    /// takes the same bearer token). Not cached, bodies never logged, and not bounded by `--timeout`: a transfer
    /// takes as long as its size needs, and the transport's request timeout still ends a stalled one. Downloads
    /// and uploads stream through it in constant memory; ``TransportSettings/filesResponseLimit`` bounds only
    /// the answers it loads whole.
    public func filesClient(
        baseURL: URL,
        accessToken: @escaping @Sendable () async throws -> String,
        refreshAccessToken: @escaping @Sendable () async throws -> String
    ) throws -> any HTTPClient {
        try chain(
            baseURL,
            Layers(
                responseLimit: TransportSettings.filesResponseLimit, logsBodies: false, boundedByDeadline: false,
                authentication: Layers.Authentication(
                    accessToken: accessToken, refreshAccessToken: refreshAccessToken)))
    }

    /// The token API's token-issuing endpoint (no access token needed).
    public func tokenIssuingClient(baseURL: URL) throws -> any HTTPClient {
        try chain(baseURL, Layers(responseLimit: TransportSettings.tokenResponseLimit, handlesErrors: true))
    }

    /// Images on another host (avatars): a client per origin, with no API headers or tokens.
    public func imageClient(origin: URL) throws -> any HTTPClient {
        try chain(
            origin,
            Layers(
                responseLimit: TransportSettings.imageResponseLimit, deduplicates: true,
                cache: Layers.Cache(mode: nil, defaultFreshness: nil)))
    }

    /// The optional layers of one chain; every chain has retry, content-type validation and `User-Agent`.
    private struct Layers {
        struct Authentication {
            let accessToken: @Sendable () async throws -> String
            let refreshAccessToken: @Sendable () async throws -> String
        }

        struct Cache {
            /// `nil` for the cache's own mode.
            let mode: HTTPCachePolicy.Mode?
            let defaultFreshness: Duration?
        }

        /// The most bytes an answer on this chain may have (see ``TransportSettings``).
        let responseLimit: Int
        /// Whether logs may hold bodies (not the token API's: its bodies are the token; not the Files API's).
        var logsBodies = true
        /// Whether recordings hold bodies (not the token API's; the Files API's are, so `--replay` answers its
        /// commands).
        var recordsBodies = true
        /// Whether `--timeout` bounds the chain (not the Files API's transfers).
        var boundedByDeadline = true
        var authentication: Authentication?
        var deduplicates = false
        var handlesErrors = false
        /// Used only when the tool has a cache.
        var cache: Cache?
    }

    /// Every chain, inside out: the one place that knows the order (the numbers are the list above).
    private func chain(_ baseURL: URL, _ layers: Layers) throws -> any HTTPClient {
        var client = transport(
            baseURL, responseLimit: layers.responseLimit, logsBodies: layers.logsBodies,
            recordsBodies: layers.recordsBodies)  // 0, 1
        if let authentication = layers.authentication {  // 2
            client = client.refreshingAccessToken(
                stored: authentication.accessToken, refresh: authentication.refreshAccessToken)
        }
        client = client.retrying(retryPolicy)  // 3
        client = client.validatingContentType()  // 4
        client = client.injecting(headers: ["User-Agent": Self.userAgent])  // 5
        if layers.deduplicates { client = client.deduplicatingInFlightRequests() }  // 6
        if layers.handlesErrors { client = client.handlingErrors() }  // 7
        if let cache, let caching = layers.cache {  // 8
            var policy = HTTPCachePolicy(mode: caching.mode ?? cache.mode, defaultFreshness: caching.defaultFreshness)
            policy.baseURL = baseURL  // so an unsafe request's same-origin Location is invalidated too
            client = client.caching(in: try cache.store(for: baseURL), policy: policy)
            if let telemetry { client = client.tracingAnswerSources(into: telemetry, baseURL: baseURL) }  // 8a
        }
        guard layers.boundedByDeadline, let deadline else { return client }
        return client.bounded(by: deadline)  // 9
    }

    /// The transport with recording (`--record`), in-flight tracking, logging (`--verbose`) and tracing
    /// (`--trace`: one span per attempt, below retry; its `traceparent` is logged and recorded) on it.
    private func transport(_ baseURL: URL, responseLimit: Int, logsBodies: Bool, recordsBodies: Bool)
        -> any HTTPClient
    {
        let settings = TransportSettings(requestTimeout: requestTimeout, maximumResponseBytes: responseLimit)
        let makeTransport = makeTransport
        var client: any HTTPClient = LazyHTTPClient { try makeTransport(baseURL, settings) }
        if let recorder { client = client.recording(to: recorder, baseURL: baseURL, redactingBodies: !recordsBodies) }
        if let inFlight { client = client.trackingLoads(in: inFlight) }
        if let log { client = client.loggingRequestAndResponse(maxBodyBytes: logsBodies ? 4_096 : 0, to: log) }
        guard let telemetry else { return client }
        return client.tracing(into: telemetry, baseURL: baseURL)
    }
}
