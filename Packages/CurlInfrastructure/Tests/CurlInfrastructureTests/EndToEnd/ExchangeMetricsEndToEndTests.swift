import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@Suite("CurlClient end to end: each exchange's phases, protocol and peer reach the task's observer")
struct ExchangeMetricsEndToEndTests {
    @Test("a server that waits before its head: the first byte comes after the request, the end after it")
    func phasesOfADelayedAnswer() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { server, client in
            let observed = RecordedValues<HTTPExchangeMetrics>()
            let observer = HTTPExchangeObserver { observed.append($0) }

            let (_, response) = try await observer.observing {
                try await client.load(request: devRequest(.get, "faults/delay", query: ["ms": "300"]))
            }

            #expect(response.statusCode == 200)
            #expect(observed.count == 1)
            let metrics = try #require(observed.values.first)
            let connect = try #require(metrics.connect)
            let sent = try #require(metrics.requestSent)
            let firstByte = try #require(metrics.firstByte)
            let end = try #require(metrics.end)
            #expect(connect <= sent && sent < firstByte && firstByte <= end)
            #expect(firstByte - sent >= .milliseconds(300), "the server waited 300 ms before its head")
            #expect(metrics.secureConnect == nil, "no TLS over plain HTTP")
            #expect(metrics.protocolVersion == "1.1")
            #expect(metrics.remoteAddress == "127.0.0.1" && metrics.remotePort == server.baseURL.port)
            #expect((metrics.responseBodyBytes ?? 0) > 0 && metrics.redirectCount == 0)
        }
    }

    @Test("a streamed exchange is reported once, when it ends")
    func streamedExchange() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let observed = RecordedValues<HTTPExchangeMetrics>()
            let observer = HTTPExchangeObserver { observed.append($0) }

            let size = try await observer.observing {
                try await client.stream(request: devRequest(.get, "echo/stream"), body: nil, progress: nil) {
                    _, body in try await body.collect(upTo: 1 << 20).count
                }
            }

            #expect(observed.count == 1)
            #expect(observed.values.first?.responseBodyBytes == Int64(size))
            #expect(observed.values.first?.firstByte != nil)
        }
    }

    @Test("without an observer nothing is measured for the caller, and the load works")
    func withoutObserver() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let (_, response) = try await client.load(request: devRequest(.get, "echo/plain"))

            #expect(response.statusCode == 200)
            #expect(HTTPLoadObservation.current.exchange == nil)
        }
    }
}
