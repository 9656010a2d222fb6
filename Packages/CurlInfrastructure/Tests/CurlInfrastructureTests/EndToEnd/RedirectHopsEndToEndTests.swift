import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@Suite("CurlClient end to end: each followed redirect reaches the task's redirect observer")
struct RedirectHopsEndToEndTests {
    static let traceID = "0af7651916cd43dd8448eb211c80319c"

    /// A `traceparent` whose span id is `hop` (1 for the first redirect's next request, and so on).
    static func traceparent(hop: Int) -> String {
        "00-\(traceID)-\(String(format: "%016x", hop))-01"
    }

    @Test("two redirects: two hops with their own status, URL and phases; each next request carries their fields")
    func twoHops() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { server, client in
            let hops = RecordedValues<HTTPRedirectHop>()
            let exchanges = RecordedValues<HTTPExchangeMetrics>()
            let redirects = HTTPRedirectObserver { hop in
                hops.append(hop)
                return ["traceparent": Self.traceparent(hop: hops.count), "Authorization": "Bearer never-sent"]
            }
            let request = devRequest(
                .get, "faults/redirect-hops", query: ["hops": "2"], headers: ["traceparent": Self.traceparent(hop: 0)])

            let echo = try await redirects.observing {
                try await HTTPExchangeObserver { exchanges.append($0) }.observing {
                    try await client.echo(request)
                }
            }

            #expect(hops.values.map(\.statusCode) == [302, 302])
            #expect(hops.values.map(\.url.path) == ["/faults/redirect-hops", "/faults/redirect-hops"])
            #expect(hops.values.map(\.nextURL.path) == ["/faults/redirect-hops", "/echo/redirect-hops"])
            #expect(hops.values.map(\.method) == ["GET", "GET"] && hops.values.map(\.nextMethod) == ["GET", "GET"])
            #expect(hops.values.map { $0.metrics?.redirectCount } == [0, 1])
            #expect(hops.values.allSatisfy { $0.metrics?.firstByte != nil && $0.metrics?.end != nil })
            #expect(hops.values.map { $0.metrics?.remotePort } == [server.baseURL.port, server.baseURL.port])
            let seen = [Self.traceparent(hop: 0), Self.traceparent(hop: 1)].joined(separator: ",")
            #expect(echo.queryItems == [["seen", seen]])
            #expect(echo.header("traceparent") == Self.traceparent(hop: 2))
            #expect(echo.header("Authorization") == nil)
            #expect(exchanges.values.map(\.redirectCount) == [2])
        }
    }

    @Test("a load observer alone hears each hop and the last exchange, and its fields go on the next request")
    func loadObserver() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let observer = RecordingLoadObserver { hopsHeard in ["traceparent": Self.traceparent(hop: hopsHeard)] }

            let echo = try await observer.observing {
                try await client.echo(devRequest(.get, "faults/redirect-hops", query: ["hops": "2"]))
            }

            #expect(observer.hops.values.map(\.statusCode) == [302, 302])
            #expect(observer.exchanges.values.map(\.redirectCount) == [2])
            let seen = [Self.traceparent(hop: 1)].joined(separator: ",")
            #expect(echo.queryItems == [["seen", "-,\(seen)"]])
            #expect(echo.header("traceparent") == Self.traceparent(hop: 2))
        }
    }

    @Test("without a redirect observer the redirects are followed as they are")
    func withoutObserver() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let echo = try await client.echo(devRequest(.get, "faults/redirect-hops", query: ["hops": "1"]))

            #expect(echo.queryItems == [["seen", "-"]])
        }
    }
}
