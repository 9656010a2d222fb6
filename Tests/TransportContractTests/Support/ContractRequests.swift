import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

extension HTTPClient {
    /// Sends `request` to an `/echo` route, expects 200 and decodes the description.
    func echo(_ request: TestRequest) async throws -> DevServerEcho {
        let (data, response) = try await load(request: request)
        #expect(response.statusCode == 200)
        return try JSONDecoder().decode(DevServerEcho.self, from: data)
    }
}

/// The error a throwing call ended with, as an `HTTPTransportError`; records an issue for anything else.
func transportError(of operation: () async throws -> Void) async -> HTTPTransportError? {
    do {
        try await operation()
        Issue.record("expected an HTTPTransportError, but the call succeeded")
        return nil
    } catch let error as HTTPTransportError {
        return error
    } catch {
        Issue.record("expected an HTTPTransportError, got \(error)")
        return nil
    }
}

/// The dev server's pattern body: byte i is i % 251. Returns the first index that breaks it.
func firstByteBreakingPattern(_ data: Data) -> Int? {
    data.withUnsafeBytes { bytes in
        var expected: UInt8 = 0
        for index in bytes.indices {
            if bytes[index] != expected { return index }
            expected = expected == 250 ? 0 : expected + 1
        }
        return nil
    }
}
