import Foundation
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ResponseSizeLimit {
    /// Whether `response` announces a body past the limit before any byte arrives (see
    /// `refusesUpFront(expectedLength:contentEncoding:)`); a response that is not HTTP has no encoding.
    func refusesUpFront(_ response: URLResponse) -> Bool {
        let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
        return refusesUpFront(expectedLength: response.expectedContentLength, contentEncoding: encoding)
    }
}
