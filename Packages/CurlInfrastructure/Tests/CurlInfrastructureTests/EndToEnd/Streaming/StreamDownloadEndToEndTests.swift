import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// `stream` on the response side: bytes as they arrive, flow control for a slow reader, progress, and a
/// transfer that ends with `receive`.
@Suite("CurlClient end to end: streamed responses")
struct StreamDownloadEndToEndTests {
    @Test("a 32 MiB file arrives equal to the one the server holds (SHA-256), with its Content-Length as length")
    func largeDownload() async throws {
        let file = randomBytes(32 * 1024 * 1024, seed: 30)
        let expected = try SHA256Sum.hex(file)
        try await withFilesServer(["large.bin": file]) { files in
            let log = ProgressLog()

            let (status, length, comparison) = try await files.client.stream(
                request: files.request(.get, "large.bin"), body: nil, progress: log.record
            ) { response, body in
                var comparison = ByteComparison(file)
                for try await chunk in body { comparison.update(chunk) }
                return (response.statusCode, body.length, comparison)
            }

            let served = try await files.digests()["large.bin"]
            #expect(status == 200)
            #expect(length == .known(Int64(file.count)))
            #expect(comparison.isEqual)
            #expect(served == expected)
            #expect(log.isMonotonic)
            #expect(log.all.last?.bytesReceived == Int64(file.count))
            #expect(log.all.last?.bytesExpectedToReceive == Int64(file.count))
        }
    }

    @Test("a reader that always lags leaves at most 1 MiB buffered in the client over 32 MiB")
    func slowReader() async throws {
        let file = randomBytes(32 * 1024 * 1024, seed: 31)
        try await withFilesServer(["slow.bin": file]) { files in
            let watch = BacklogWatch(total: Int64(file.count), lag: 128 * 1024)

            let comparison = try await files.client.stream(
                request: files.request(.get, "slow.bin"), body: nil, progress: watch.report
            ) { _, body in
                var comparison = ByteComparison(file)
                for try await chunk in body {
                    watch.consumed(chunk.count)
                    comparison.update(chunk)
                    await watch.untilBehind()
                }
                return comparison
            }

            #expect(comparison.isEqual)
            #expect(watch.peak >= 128 * 1024)
            #expect(watch.peak <= 1024 * 1024)
        }
    }

    @Test("stream ignores maximumResponseBytes, which still bounds load")
    func noLimit() async throws {
        let file = randomBytes(4 * 1024 * 1024, seed: 32)
        try await withFilesServer(["four.bin": file], maximumResponseBytes: 1024 * 1024) { files in
            let streamed = try await files.client.stream(
                request: files.request(.get, "four.bin"), body: nil, progress: nil
            ) { _, body in try await body.collect(upTo: 8 * 1024 * 1024) }
            let loadError = await #expect(throws: HTTPTransportError.self) {
                _ = try await files.client.load(request: files.request(.get, "four.bin"))
            }

            #expect(streamed == file)
            #expect(loadError?.kind == .responseTooLarge)
        }
    }

    @Test("a content-encoded body has an unknown length and arrives decoded")
    func encoded() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let log = ProgressLog()

            let (length, data, headers) = try await client.stream(
                request: devRequest(.get, "echo/gzipped", query: ["gzip": "1"]), body: nil, progress: log.record
            ) { response, body in
                (body.length, try await body.collect(upTo: 1024 * 1024), response.headers)
            }

            let echo = try JSONDecoder().decode(DevServerEcho.self, from: data)
            #expect(headers?["Content-Encoding"] == "gzip")
            #expect(length == .unknown)
            #expect(echo.path == "/echo/gzipped")
            #expect(log.all.last.map { "\($0.bytesReceived)" } == headers?["Content-Length"])
            #expect(log.all.last?.bytesExpectedToReceive == nil)
        }
    }

    @Test("a HEAD response has an empty body of known length 0")
    func head() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let (length, data) = try await client.stream(
                request: devRequest(.head, "faults/large", query: ["bytes": "1000"]), body: nil, progress: nil
            ) { _, body in (body.length, try await body.collect(upTo: 10)) }

            #expect(length == .known(0))
            #expect(data.isEmpty)
        }
    }

    @Test("only the final response of a redirect chain reaches receive")
    func redirect() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let (status, echo) = try await client.stream(
                request: devRequest(.get, "faults/redirect", query: ["to": "/echo/final", "status": "302"]),
                body: nil, progress: nil
            ) { response, body in
                (
                    response.statusCode,
                    try JSONDecoder().decode(DevServerEcho.self, from: try await body.collect(upTo: 1 << 20))
                )
            }

            #expect(status == 200)
            #expect(echo.path == "/echo/final")
        }
    }
}
