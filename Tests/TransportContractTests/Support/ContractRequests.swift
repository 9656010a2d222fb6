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
