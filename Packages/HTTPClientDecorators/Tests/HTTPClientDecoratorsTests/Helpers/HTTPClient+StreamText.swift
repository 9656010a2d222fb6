import Foundation
import HTTPClient
import HTTPClientTestSupport

extension HTTPClient {
    /// Streams `request` with `body`, reads the whole response inside `receive` and returns it as text.
    func streamText(
        _ request: any HTTPRequest = TestRequest(),
        body: HTTPBody? = nil,
        progress: (@Sendable (HTTPTransferProgress) -> Void)? = nil
    ) async throws -> String {
        try await stream(request: request, body: body, progress: progress) { _, body in
            String(decoding: try await body.collect(upTo: .max), as: UTF8.self)
        }
    }
}
