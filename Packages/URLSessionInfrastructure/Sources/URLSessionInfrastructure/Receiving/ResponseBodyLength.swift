import Foundation
import HTTPClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The length of a streamed response body, as its head announces it.
enum ResponseBodyLength {
    /// `Content-Length` when the body is not content-encoded (URLSession decodes it, so the count changes);
    /// no body for `HEAD`, 1xx, 204 and 304; otherwise unknown.
    static func of(_ response: URLResponse, method: String?) -> HTTPBodyLength {
        guard let response = response as? HTTPURLResponse else { return .unknown }
        let status = response.statusCode
        if method == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304 { return .known(0) }
        let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard encoding == nil || encoding == "identity" || encoding == "",
            let text = response.value(forHTTPHeaderField: "Content-Length")?.trimmingCharacters(in: .whitespaces),
            let length = Int64(text), length >= 0
        else { return .unknown }
        return .known(length)
    }
}
