import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// Each redirect a transport follows reaches the task's `HTTPRedirectObserver`, and the fields it gives go out on
/// the next request (never credentials), within one origin and across two: 127.0.0.1 and 127.0.0.2.
@Suite("Contract: redirect observer")
struct RedirectObserverContractTests {
    /// A `traceparent` whose span id is `hop`.
    static func traceparent(hop: Int) -> String {
        "00-0af7651916cd43dd8448eb211c80319c-\(String(format: "%016x", hop))-01"
    }

    @Test(
        "across two origins: each hop's status and URLs, and each next request carries the observer's fields",
        arguments: Transport.allCases)
    func hopsAcrossOrigins(transport: Transport) async throws {
        try await withTwoOrigins(transport) { first, second in
            let client = try first.client()
            let hops = RecordedValues<HTTPRedirectHop>()
            let observer = HTTPRedirectObserver { hop in
                hops.append(hop)
                return ["traceparent": Self.traceparent(hop: hops.count), "Cookie": "never=sent"]
            }
            let request = devRequest(
                .get, "faults/redirect", query: ["to": second.url("faults/redirect-hops?hops=1")],
                headers: ["Cookie": "session=1"])

            let echo = try await observer.observing { try await client.echo(request) }

            #expect(hops.values.map(\.statusCode) == [302, 302])
            #expect(hops.values.map(\.url.host) == ["127.0.0.1", "127.0.0.2"])
            #expect(hops.values.map(\.nextURL.host) == ["127.0.0.2", "127.0.0.2"])
            #expect(hops.values.map(\.nextURL.path) == ["/faults/redirect-hops", "/echo/redirect-hops"])
            #expect(echo.header("Host") == "127.0.0.2:\(second.server.port)")
            #expect(echo.queryItems == [["seen", Self.traceparent(hop: 1)]])
            #expect(echo.header("traceparent") == Self.traceparent(hop: 2))
            #expect(echo.header("Cookie") == nil)
        }
    }
}
