import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns a `URLResponse` into an `HTTPResponse`, never failing on header types.
enum HTTPResponseMapper {
    /// The status code, every header field and the URL of `response`.
    /// - Throws: `HTTPTransportError.invalidResponse(underlying:)` when `response` is not an `HTTPURLResponse`.
    static func map(_ response: URLResponse) throws(HTTPTransportError) -> HTTPResponse {
        guard let httpResponse = response as? HTTPURLResponse else {
            let url = response.url?.redactedString ?? "an unknown URL"
            throw .invalidResponse(
                underlying: URLSessionClient.TransferError.notHTTP(url: url, type: "\(type(of: response))"))
        }
        return HTTPResponse(
            statusCode: httpResponse.statusCode, headers: headers(of: httpResponse), url: httpResponse.url)
    }

    /// `allHeaderFields` read as `[AnyHashable: Any]` and described as strings, sorted by name.
    private static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        let fields: [AnyHashable: Any] = response.allHeaderFields
        var pairs: [(String, String)] = []
        pairs.reserveCapacity(fields.count)
        for (name, value) in fields {
            pairs.append((text(name.base), text(value)))
        }
        pairs.sort { $0.0 < $1.0 }
        return HTTPHeaders(pairs)
    }

    /// `String(describing: value)`, without the dynamic look-up for what is almost always a `String` already.
    private static func text(_ value: Any) -> String {
        value as? String ?? String(describing: value)
    }
}
