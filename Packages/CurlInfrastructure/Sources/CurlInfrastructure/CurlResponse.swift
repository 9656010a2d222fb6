import Foundation
import HTTPClient

/// What a finished transfer hands back to the caller: the response head and the whole body.
struct CurlResponse: Sendable {
    let body: Data
    let response: HTTPResponse
}

/// The outcome of one transfer: every status is a success; only a failure to get a response is an error.
typealias CurlResult = Result<CurlResponse, HTTPTransportError>
