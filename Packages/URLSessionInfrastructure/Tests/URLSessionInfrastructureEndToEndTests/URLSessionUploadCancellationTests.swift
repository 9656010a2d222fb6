import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers
import Testing

@testable import URLSessionInfrastructure

/// An upload cancelled while the server holds it: the staged copy of its body is gone and nothing is stored.
@Suite("End to end: URLSessionClient cancels an upload")
struct URLSessionUploadCancellationTests {
    @Test("cancelling mid-upload throws cancelled, stores nothing and leaves no staged copy behind")
    func cancelMidUpload() async throws {
        let content = randomBytes(count: 8 * 1024 * 1024, seed: 11)
        try await FilesServerFixture.run { fixture in
            try await fixture.admin.post("files-upload-hold", json: #"{"after_bytes": 1048576}"#)
            var form = MultipartForm()
            form.append(name: "file", data: content, filename: "held.bin")
            // A single-pass body is staged in the fixture's scratch folder, then uploaded from there.
            let singlePass = HTTPBody(form.makeBody(), length: .unknown)
            let upload = Task {
                try await fixture.client.stream(
                    request: fixture.upload(form), body: singlePass, progress: nil, buffering: fixture.buffering()
                ) { response, _ in response.statusCode }
            }
            try await fixture.admin.waitUntil("files.upload.held", reaches: 1)
            let stagedWhileHeld = try fixture.scratchFiles().count

            upload.cancel()
            let error = await #expect(throws: HTTPTransportError.self) { try await upload.value }

            #expect(error?.kind == .cancelled)
            #expect(stagedWhileHeld == 1)
            #expect(try fixture.scratchFiles().isEmpty)
            try await fixture.admin.post("files-upload-release")
            try await fixture.admin.waitUntil("files.rejected", reaches: 1)
            #expect(try await fixture.admin.count("files.uploaded") == 0)
        }
    }
}
