import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `HTTPClient` that sends requests with `URLSession`: the only code in the app that knows URLSession.
///
/// Every response comes back whatever its status; failures to get one are thrown as
/// `HTTPTransportError`, and cancelling the calling Task cancels the network transfer.
///
/// Requests run in a session the client creates for itself, with its own delegate: it follows redirects
/// by `RedirectPolicy` (never `https` to `http`, credentials removed across origins), stops a body loaded
/// whole past ``maximumResponseBytes``, and keeps no URL cache and no cookies. Each followed redirect goes to
/// the caller's `HTTPLoadObservation.current.redirects` (without measurements), and the fields that observer gives are set
/// on the next request. The session is invalidated when the client is released.
///
/// ```swift
/// struct Questions: HTTPRequest {
///     var method: HTTPMethod { .get }
///     var path: HTTPPath { "questions" }
///     var version: HTTPVersion { "2.3" }
/// }
///
/// let client = try URLSessionClient.ephemeral(baseURL: "https://api.stackexchange.com/")
/// let (data, response) = try await client.load(request: Questions())
/// ```
public final class URLSessionClient: HTTPClient {
    /// The default of ``maximumResponseBytes``: 32 MiB.
    public static let defaultMaximumResponseBytes = 32 * 1024 * 1024
    /// The default request timeout in seconds (`timeoutIntervalForRequest`): 30 s.
    public static let defaultRequestTimeout: TimeInterval = 30

    /// The URL every request path is appended to.
    public let baseURL: URL
    /// The session given to ``init(baseURL:session:)-(URL,_)``, whose configuration the client's own session copies;
    /// otherwise the client's own session.
    public let session: URLSession
    /// Which redirects the client follows.
    public let redirects: RedirectPolicy
    /// The most body bytes a response may have, counted after content decoding.
    public let maximumResponseBytes: Int
    /// The session that runs the requests, with ``SessionDelegate`` as its delegate.
    let transport: URLSession
    let delegate: SessionDelegate
    let builder: URLRequestBuilder

    /// Creates a client for `baseURL` that sends its requests with `session`'s configuration.
    ///
    /// The client runs its requests in a session of its own, made from `session.configuration` without URL
    /// cache or cookies; `session`'s delegate is not used and `session` stays the caller's. Redirects and the
    /// response size limit take their defaults (`RedirectPolicy.standard`, ``defaultMaximumResponseBytes``).
    /// - Parameters:
    ///   - baseURL: The URL requests are relative to; its own path (for example `/api/`) is kept.
    ///   - session: The session whose configuration to use.
    public init(baseURL: URL, session: URLSession = .shared) {
        let delegate = SessionDelegate(redirects: .standard)
        self.baseURL = baseURL
        self.session = session
        self.redirects = .standard
        self.maximumResponseBytes = Self.defaultMaximumResponseBytes
        self.transport = Self.makeSession(configuration: session.configuration, timeout: nil, delegate: delegate)
        self.delegate = delegate
        self.builder = URLRequestBuilder(baseURL: baseURL)
    }

    /// Creates a client for `baseURL` with its own session, redirect policy and response size limit.
    ///
    /// The session copies `configuration`, sets `timeoutIntervalForRequest` to `requestTimeout`, and drops the
    /// URL cache and cookies (caching is a decorator's job; the client stores nothing on disk).
    /// - Parameters:
    ///   - baseURL: The URL requests are relative to; its own path (for example `/api/`) is kept.
    ///   - configuration: The configuration to start from; `.ephemeral` by default. It is copied, not changed.
    ///   - requestTimeout: Seconds a request may wait for data before failing with
    ///     `HTTPTransportError.timedOut(underlying:)`; ``defaultRequestTimeout`` by default.
    ///   - redirects: Which redirects to follow; `RedirectPolicy.standard` (up to 10) by default.
    ///   - maximumResponseBytes: The most body bytes a response may have, counted after content decoding,
    ///     before the transfer is stopped with `HTTPTransportError.responseTooLarge(limit:)`;
    ///     ``defaultMaximumResponseBytes`` by default.
    /// - Throws: `TransportConfigurationError` for a base URL that `BaseURL` refuses, or a timeout or size
    ///   limit that is not positive.
    public init(
        baseURL: URL, configuration: URLSessionConfiguration = .ephemeral,
        requestTimeout: TimeInterval = URLSessionClient.defaultRequestTimeout,
        redirects: RedirectPolicy = .standard,
        maximumResponseBytes: Int = URLSessionClient.defaultMaximumResponseBytes
    ) throws(TransportConfigurationError) {
        try BaseURL.validate(baseURL)
        try TransportConfigurationError.validate(
            requestTimeout: requestTimeout, maximumResponseBytes: maximumResponseBytes)
        let delegate = SessionDelegate(redirects: redirects)
        let transport = Self.makeSession(configuration: configuration, timeout: requestTimeout, delegate: delegate)
        self.baseURL = baseURL
        self.session = transport
        self.redirects = redirects
        self.maximumResponseBytes = maximumResponseBytes
        self.transport = transport
        self.delegate = delegate
        self.builder = URLRequestBuilder(baseURL: baseURL)
    }

    deinit {
        transport.finishTasksAndInvalidate()
    }

    /// Sends `request` and returns the body and response, for every status code.
    /// - Throws: `HTTPTransportError` when no HTTP response arrived (`HTTPTransportError.cancelled`
    ///   when the calling Task was cancelled).
    @discardableResult
    public func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let urlRequest = try builder.makeURLRequest(for: request)
        guard !Task.isCancelled else { throw HTTPTransportError.cancelled }
        let limit = ResponseSizeLimit(maximumBytes: maximumResponseBytes)
        let task = CancellationLatch<URLSessionTask>()
        do {
            let (data, response) = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let collector = LoadCollector(limit: limit, continuation: continuation)
                    let started = task.startTask(urlRequest, events: collector, delegate: delegate) {
                        transport.dataTask(with: urlRequest)
                    }
                    if !started { continuation.resume(throwing: HTTPTransportError.cancelled) }
                }
            } onCancel: {
                task.stopTask(delegate: delegate)
            }
            return (data, try HTTPResponseMapper.map(response))
        } catch {
            throw TransportErrorMapper.map(error, url: urlRequest.url)
        }
    }

    /// A session on a copy of `configuration` with no URL cache or cookies, and `timeout` when given; on Linux
    /// its delegate queue is a ``BoundedDelegateQueue``.
    private static func makeSession(
        configuration: URLSessionConfiguration, timeout: TimeInterval?, delegate: SessionDelegate
    ) -> URLSession {
        let copy = configuration.copy() as? URLSessionConfiguration ?? .ephemeral
        if let timeout { copy.timeoutIntervalForRequest = timeout }
        copy.urlCache = nil
        copy.httpCookieStorage = nil
        copy.httpShouldSetCookies = false
        #if canImport(FoundationNetworking)
            let queue: OperationQueue? = BoundedDelegateQueue()
        #else
            let queue: OperationQueue? = nil
        #endif
        return URLSession(configuration: copy, delegate: delegate, delegateQueue: queue)
    }
}
