import Foundation
import HTTPClient
import HTTPTelemetry

/// `POST` of one OTLP/JSON document to the client's base URL.
struct OTLPExportRequest: HTTPRequest {
    let method = HTTPMethod.post
    let path: HTTPPath = ""
    let version: HTTPVersion = ""
    let headers: HTTPHeaders?
    let body: Data?

    init(headers: HTTPHeaders, body: Data) {
        self.headers = headers.merging(["Content-Type": "application/json"])
        self.body = body
    }
}
