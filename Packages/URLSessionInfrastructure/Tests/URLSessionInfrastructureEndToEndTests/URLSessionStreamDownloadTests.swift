import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

@Suite("End to end: URLSessionClient streams responses")
struct URLSessionStreamDownloadTests {
    @Test("a large download arrives whole and byte-equal, with no temporary file left")
    func largeDownload() async throws {
        let content = randomBytes(count: 12 * 1024 * 1024 + 17, seed: 1)
        let expected = SHA256Digest.hex(of: content)
        try await FilesServerFixture.run(files: ["large.bin": content]) { fixture in
            let read = try await fixture.client.stream(
                request: fixture.download("large.bin"), body: nil, progress: nil, buffering: fixture.buffering()
            ) { response, body in
                try await ReadBody(response: response, body: body)
            }

            #expect(read.response.statusCode == 200)
            #expect(read.response.headers?["ETag"] == "\"\(expected)\"")
            #expect(read.count == content.count)
            #expect(read.sha256 == expected)
            #expect(try fixture.scratchFiles().isEmpty)
        }
    }
}
