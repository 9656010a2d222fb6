import Foundation
import HTTPClient

/// A request that states its URL template, as a feature's endpoint would.
struct TemplatedRequest: HTTPURLTemplated {
    var method: HTTPMethod = .get
    var path: HTTPPath
    var version: HTTPVersion = "2.3"
    var queryParameter: HTTPQueryParameter?
    var body: Data?
    var urlTemplate: String
}
