import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

@Suite("End to end: URLSessionClient streams responses")
struct URLSessionStreamDownloadTests {
    @Test("a large download arrives whole and byte-equal, with no temporary file left")
    func largeDownload() async throws {
        let content = randomBytes(count: 6 * 1024 * 1024 + 17, seed: 1)
        let expected = try SHA256Sum.hex(content)
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

    @Test("a slow consumer reads everything while the bytes wait in a spill file, which is then removed")
    func slowConsumerSpills() async throws {
        let content = randomBytes(count: 3 * 1024 * 1024 + 5, seed: 2)
        let memoryLimit = 64 * 1024
        try await FilesServerFixture.run(files: ["slow.bin": content]) { fixture in
            let allReceived = Gate()
            let spilled = RecordedValues<Int>()
            let read = try await fixture.client.stream(
                request: fixture.download("slow.bin"), body: nil,
                progress: { progress in
                    if progress.bytesReceived == content.count { Task { await allReceived.open() } }
                },
                buffering: fixture.buffering(memoryLimit: memoryLimit)
            ) { response, body in
                try await ReadBody(response: response, body: body) { countSoFar in
                    // Every chunk waits for the signal: the first until the whole body has arrived.
                    try await allReceived.wait()
                    guard spilled.count == 0 else { return }
                    let names = try fixture.scratchFiles()
                    #expect(names.count == 1)
                    for name in names {
                        let path = fixture.scratchDirectory.appendingPathComponent(name).path
                        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
                        spilled.append(size)
                    }
                    #expect(spilled.count == 1)
                    // Whatever is neither read nor in the file waits in memory, within the limit.
                    #expect(content.count - countSoFar - (spilled.values.first ?? 0) <= memoryLimit)
                }
            }

            #expect(read.count == content.count)
            #expect(try read.sha256 == SHA256Sum.hex(content))
            #expect(try fixture.scratchFiles().isEmpty)
        }
    }

    @Test("progress grows monotonically to the body's length, with a final report")
    func downloadProgress() async throws {
        let content = randomBytes(count: 2 * 1024 * 1024 + 3, seed: 3)
        try await FilesServerFixture.run(files: ["progress.bin": content]) { fixture in
            let reports = RecordedValues<HTTPTransferProgress>()
            let read = try await fixture.client.stream(
                request: fixture.download("progress.bin"), body: nil, progress: { reports.append($0) },
                buffering: fixture.buffering()
            ) { response, body in
                try await ReadBody(response: response, body: body)
            }

            let values = reports.values
            let total = Int64(content.count)
            #expect(read.count == content.count)
            #expect(values.count > 1)
            #expect(zip(values, values.dropFirst()).allSatisfy { $0.bytesReceived <= $1.bytesReceived })
            #expect(values.allSatisfy { $0.bytesReceived <= total })
            #expect(
                values.last
                    == HTTPTransferProgress(
                        bytesSent: 0, bytesExpectedToSend: 0, bytesReceived: total, bytesExpectedToReceive: total))
        }
    }
}
