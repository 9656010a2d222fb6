import Foundation
import HTTPClient
import HTTPClientSupport

/// Turns an `HTTPRequest` into the ``CurlRequest`` that ``CurlClient`` sends.
///
/// The URL follows `HTTPURLBuilder`'s rules (shared with every component that names a request's URL);
/// method, headers (caller's spelling) and body are copied as they are, an empty body counting as none.
struct CurlRequestBuilder: Sendable {
    private let urls: HTTPURLBuilder

    init(baseURL: URL) {
        urls = HTTPURLBuilder(baseURL: baseURL)
    }

    /// The complete request.
    /// - Throws: ``HTTPTransportError/invalidURL(_:)`` when no URL can be formed (userinfo redacted), and
    ///   ``HTTPTransportError/other(underlying:)`` with an `InvalidHeaderFieldError` for a header that cannot go
    ///   out as one line (an empty name, or a line break or NUL in its name or value).
    func makeRequest(for request: any HTTPRequest) throws(HTTPTransportError) -> CurlRequest {
        let url: URL
        do {
            url = try urls.url(for: request)
        } catch .invalidURL(let description) {
            throw .invalidURL(RedactedURL.string(from: description))
        } catch {
            throw error
        }
        let headers = request.headers ?? HTTPHeaders()
        do {
            try headers.validateForSending()
        } catch {
            throw .other(underlying: error)
        }
        let body = request.body.flatMap { $0.isEmpty ? nil : $0 }
        return CurlRequest(url: url, method: request.method, headers: headers, body: body)
    }
}
