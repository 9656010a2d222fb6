import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns an `HTTPRequest` into the `URLRequest` that ``URLSessionClient`` sends.
///
/// The URL follows `HTTPURLBuilder`'s rules (shared with every other component that names a request's URL,
/// such as the HAR recorder); method, headers (caller's spelling) and body are copied as they are.
struct URLRequestBuilder: Sendable {
    private let urls: HTTPURLBuilder

    /// The URL every request is relative to.
    var baseURL: URL { urls.baseURL }

    init(baseURL: URL) {
        urls = HTTPURLBuilder(baseURL: baseURL)
    }

    /// The complete request: URL, method, headers (caller's spelling) and body (an empty body is none).
    /// - Throws: ``HTTPTransportError/invalidURL(_:)`` when no URL can be formed, and
    ///   ``HTTPTransportError/other(underlying:)`` for a GET with a body, which URLSession refuses to send, or
    ///   with an `InvalidHeaderFieldError` for a header that cannot go out as one line (an empty name, or a line
    ///   break or NUL in its name or value).
    func makeURLRequest(for request: any HTTPRequest) throws(HTTPTransportError) -> URLRequest {
        let body = request.body.flatMap { $0.isEmpty ? nil : $0 }
        return try makeURLRequest(for: request, body: body.map(UploadSource.Content.data) ?? .none)
    }

    /// The complete request with `body` instead of the request's own: in `httpBody` when it is data; a file
    /// is the task's to read.
    /// - Throws: As ``makeURLRequest(for:)``.
    func makeURLRequest(
        for request: any HTTPRequest, body content: UploadSource.Content
    ) throws(HTTPTransportError) -> URLRequest {
        if request.method == .get, content.sendsBytes {
            throw .other(underlying: URLSessionClient.TransferError.getWithBody)
        }
        var urlRequest = URLRequest(url: try makeURL(for: request))
        if request.method != .get {  // GET is the default; the setter normalises the name with NSString compares
            urlRequest.httpMethod = request.method.name
        }
        if let headers = request.headers {
            do {
                try headers.validateForSending()  // FoundationNetworking would send a line break as it is
            } catch {
                throw .other(underlying: error)
            }
            for (name, value) in headers {
                urlRequest.setValue(value, forHTTPHeaderField: name)
            }
        }
        if case .data(let data) = content { urlRequest.httpBody = data }
        return urlRequest
    }

    /// The request's absolute URL (see `HTTPURLBuilder`).
    /// - Throws: ``HTTPTransportError/invalidURL(_:)`` naming the URL with its userinfo redacted.
    func makeURL(for request: any HTTPRequest) throws(HTTPTransportError) -> URL {
        do {
            return try urls.url(for: request)
        } catch .invalidURL(let description) {
            throw .invalidURL(RedactedURL.string(from: description))
        }
    }
}
