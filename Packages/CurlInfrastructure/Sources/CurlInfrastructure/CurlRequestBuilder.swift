import CCurl
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
    ///   ``HTTPTransportError/other(underlying:)`` for a header name or value with a line break or NUL, which
    ///   would split the request.
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
        for (name, value) in headers where Self.breaksLine(name) || Self.breaksLine(value) || name.isEmpty {
            throw .other(
                underlying: CurlError(
                    CURLE_BAD_FUNCTION_ARGUMENT, "header \"\(name)\" has an empty name, a line break or a NUL character"
                ))
        }
        let body = request.body.flatMap { $0.isEmpty ? nil : $0 }
        return CurlRequest(url: url, method: request.method, headers: headers, body: body)
    }

    private static func breaksLine(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") || $0 == 0 }
    }
}
