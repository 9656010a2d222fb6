import Foundation
import HTTPClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `HTTPClient` that sends requests with `URLSession`: the only code in the app that knows URLSession.
///
/// Every response comes back whatever its status; failures to get one are thrown as
/// `HTTPTransportError`, and cancelling the calling Task cancels the network transfer.
///
/// ```swift
/// let client = try URLSessionClient.ephemeral(baseURL: "https://api.example.com/")
/// let (data, response) = try await client.load(request: QuestionsEndpoint.list)
/// ```
public final class URLSessionClient: HTTPClient {
    /// The URL every request path is appended to.
    public let baseURL: URL
    /// The session that runs the requests.
    public let session: URLSession
    private let ownsSession: Bool
    private let builder: URLRequestBuilder

    /// Creates a client for `baseURL` that sends its requests through `session`.
    /// - Parameters:
    ///   - baseURL: The URL requests are relative to; its own path (for example `/api/`) is kept.
    ///   - session: The session to use; the caller keeps ownership of it.
    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
        self.ownsSession = false
        self.builder = URLRequestBuilder(baseURL: baseURL)
    }

    init(baseURL: URL, session: URLSession, ownsSession: Bool) {
        self.baseURL = baseURL
        self.session = session
        self.ownsSession = ownsSession
        self.builder = URLRequestBuilder(baseURL: baseURL)
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    /// Sends `request` and returns the body and response, for every status code.
    /// - Throws: `HTTPTransportError` when no HTTP response arrived (`HTTPTransportError.cancelled`
    ///   when the calling Task was cancelled).
    @discardableResult
    public func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let urlRequest = try builder.makeURLRequest(for: request)
        guard !Task.isCancelled else { throw HTTPTransportError.cancelled }
        do {
            let (data, response) = try await CancellableDataTask.data(for: urlRequest, session: session)
            return (data, try HTTPResponseMapper.map(response))
        } catch {
            throw TransportErrorMapper.map(error, url: urlRequest.url)
        }
    }
}
