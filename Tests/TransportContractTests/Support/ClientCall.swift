import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// The two ways to send a request, so a case about the connection can run through each.
enum ClientCall: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case load
    case stream

    var testDescription: String {
        switch self {
        case .load: "load(request:)"
        case .stream: "stream(request:…)"
        }
    }

    /// Sends `request` through `client` this way, reading at most 1 MiB of the body.
    func send(_ request: TestRequest, through client: any HTTPClient) async throws {
        switch self {
        case .load:
            _ = try await client.load(request: request)
        case .stream:
            _ = try await client.stream(request: request, body: nil, progress: nil) { _, body in
                try await body.collect(upTo: 1024 * 1024)
            }
        }
    }
}
