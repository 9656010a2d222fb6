import Foundation
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ResponseSizeLimit {
    /// Whether the body of `response` to a `method` request is known to pass the limit before any byte
    /// arrives (see ``ResponseBodyLength``): an answer to `HEAD`, a 204 or a 304 has none, whatever its
    /// `Content-Length` says.
    func refusesUpFront(_ response: URLResponse, method: String?) -> Bool {
        guard case .known(let length) = ResponseBodyLength.of(response, method: method) else { return false }
        // A known length is never content-encoded, so it is the decoded count.
        return refusesUpFront(expectedLength: length, contentEncoding: nil)
    }
}
