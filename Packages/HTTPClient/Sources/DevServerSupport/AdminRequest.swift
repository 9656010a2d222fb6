import Foundation
import HTTPClient

/// A request to the dev server's `/_admin` routes or its token-issuing endpoint.
struct AdminRequest: HTTPRequest {
    var method: HTTPMethod = .get
    var path: HTTPPath
    var version: HTTPVersion = ""
    var headers: HTTPHeaders?
    var queryParameter: HTTPQueryParameter?
    var body: Data?
}
