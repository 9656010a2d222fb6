import Foundation
import HTTPClient

/// One request as libcurl sends it: absolute URL, method, header fields and body.
///
/// A redirect hop is a new `CurlRequest` made from the previous one (see ``RedirectRules``).
struct CurlRequest: Sendable, Equatable {
    var url: URL
    var method: HTTPMethod
    var headers: HTTPHeaders
    /// The body; `nil` (never empty) when there is none.
    var body: Data?
}
