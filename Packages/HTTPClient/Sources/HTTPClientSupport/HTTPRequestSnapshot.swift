import Foundation
import HTTPClient

/// A plain, comparable copy of what a request would send.
///
/// Useful as a dictionary key (to merge identical requests) and for asserting on sent requests.
public struct HTTPRequestSnapshot: HTTPRequest, Hashable {
    public let method: HTTPMethod
    public let path: HTTPPath
    public let version: HTTPVersion
    public let headers: HTTPHeaders?
    public let queryParameter: HTTPQueryParameter?
    public let body: Data?
    public let isSafeToRepeat: Bool

    /// Copies every property of `request`; empty headers or query are stored as `nil`.
    public init(_ request: any HTTPRequest) {
        method = request.method
        path = request.path
        version = request.version
        headers = request.headers.flatMap { $0.isEmpty ? nil : $0 }
        queryParameter = request.queryParameter.flatMap { $0.isEmpty ? nil : $0 }
        body = request.body
        isSafeToRepeat = request.isSafeToRepeat
    }
}
