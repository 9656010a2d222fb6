import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import CurlInfrastructure

/// `stream` with content-encoded responses: decoded on the reader's side, with the encoded bytes bounded by
/// the transfer's pause however well the body compresses.
@Suite("CurlClient end to end: content-encoded streams")
struct StreamDecodingEndToEndTests {
    @Test("a slow reader of a 2 GiB body gzipped 1000:1 gets every byte with under 1 MiB held in the client")
    func slowReaderOfGzipBomb() async throws {
        let decodedLength = 2 * 1024 * 1024 * 1024
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let request = devRequest(.get, "faults/gzip-bomb", query: ["bytes": "\(decodedLength)"])
            let (_, head) = try await client.load(
                request: devRequest(.head, "faults/gzip-bomb", query: ["bytes": "\(decodedLength)"]))
            let encodedLength = try #require(head.headers?["Content-Length"].flatMap { Int64($0) })
            let gauge = BufferGauge(total: encodedLength, lag: 128 * 1024)

            let (count, allZero, largest, length) = try await StreamBufferObservation.$observer.withValue(gauge) {
                try await client.stream(request: request, body: nil, progress: gauge.report) { _, body in
                    let zeros = Data(count: CurlClient.streamDecodedChunkSize)
                    var (count, allZero, largest) = (0, true, 0)
                    for try await chunk in body {
                        count += chunk.count
                        largest = max(largest, chunk.count)
                        allZero = allZero && chunk == zeros.prefix(chunk.count)
                        await gauge.untilBehind()
                    }
                    return (count, allZero, largest, body.length)
                }
            }

            #expect(encodedLength > 2 * 1024 * 1024)
            #expect(count == decodedLength)
            #expect(allZero)
            #expect(length == .unknown)
            #expect(largest <= CurlClient.streamDecodedChunkSize)
            #expect(gauge.peakBuffer >= 128 * 1024)
            #expect(gauge.peak <= 1024 * 1024)
        }
    }

    @Test("progress counts the body's bytes as they arrived, encoded")
    func progressCountsEncodedBytes() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let log = ProgressLog()

            let (contentLength, count) = try await client.stream(
                request: devRequest(.get, "faults/gzip-bomb", query: ["bytes": "1000000"]), body: nil,
                progress: log.record
            ) { response, body in
                (response.headers?["Content-Length"], try await body.reduce(0) { $0 + $1.count })
            }

            #expect(count == 1_000_000)
            #expect(log.all.last.map { "\($0.bytesReceived)" } == contentLength)
            #expect(log.all.last?.bytesExpectedToReceive == nil)
        }
    }

    @Test("a stream asks for gzip and deflate unless the caller chose, and sends the caller's choice")
    func acceptEncoding() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let sent = try await [nil, "br"].asyncMap { choice in
                let headers: HTTPHeaders = choice.map { ["Accept-Encoding": $0] } ?? [:]
                let echo = try await client.stream(
                    request: devRequest(.get, "echo/accept", headers: headers), body: nil, progress: nil
                ) { _, body in try JSONDecoder().decode(DevServerEcho.self, from: try await body.collect(upTo: 1 << 20))
                }
                return echo.headers.first { $0.first?.lowercased() == "accept-encoding" }?.last
            }

            #expect(sent == ["gzip, deflate", "br"])
        }
    }

    @Test("a HEAD answer that names gzip has an empty body of known length 0")
    func headOfEncoded() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let (coding, length, data) = try await client.stream(
                request: devRequest(.head, "faults/gzip-bomb", query: ["bytes": "1000000"]), body: nil, progress: nil
            ) { response, body in (response.headers?["Content-Encoding"], body.length, try await body.collect(upTo: 10))
            }

            #expect(coding == "gzip")
            #expect(length == .known(0))
            #expect(data.isEmpty)
        }
    }

    @Test("a body that is not what its Content-Encoding says fails the read with undecodableContent")
    func corruptBody() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.stream(request: devRequest(.get, "faults/bad-gzip"), body: nil, progress: nil) {
                    _, body in try await body.collect(upTo: 1 << 20)
                }
            }

            #expect(error?.kind == .undecodableContent)
            #expect(error.map { "\($0)" }?.contains("incorrect header check") == true)
        }
    }
}

extension Array {
    /// The results of `transform` on each element, in order, one at a time.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
