import Foundation
import HTTPClient
import HTTPClientSupport

/// One request as libcurl sends it: absolute URL, method, header fields and body.
///
/// A redirect hop is a new `CurlRequest` made from the previous one (see ``RedirectRules``).
struct CurlRequest: Sendable {
    var url: URL
    var method: HTTPMethod
    var headers: HTTPHeaders
    /// The body held in memory; `nil` (never empty) when there is none or it is streamed.
    var body: Data?
    /// The streamed body, read through libcurl's read callback; `nil` when there is none.
    var upload: UploadChannel? = nil
    /// Hear the exchange's measurements when it ends, and each followed redirect (giving fields for the next
    /// hop): the caller's `HTTPLoadObservation.current`.
    var observers = HTTPLoadObservation()

    /// The request body's length for progress reports: `nil` when a streamed body's length is unknown.
    var bytesExpectedToSend: Int64? {
        switch upload?.length {
        case .known(let count): count
        case .unknown: nil
        case nil: Int64(body?.count ?? 0)
        }
    }
}
