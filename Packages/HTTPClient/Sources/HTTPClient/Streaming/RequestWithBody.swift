import Foundation

/// A request sent with another body; every other property is the original's.
struct RequestWithBody: HTTPRequest {
    let original: any HTTPRequest
    let body: Data?

    init(_ original: any HTTPRequest, body: Data?) {
        self.original = original
        self.body = body
    }

    var method: HTTPMethod { original.method }
    var path: HTTPPath { original.path }
    var version: HTTPVersion { original.version }
    var headers: HTTPHeaders? { original.headers }
    var queryParameter: HTTPQueryParameter? { original.queryParameter }
    var isSafeToRepeat: Bool { original.isSafeToRepeat }
}
