import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("End to end: URLSessionClient hands each followed redirect to the task's redirect observer")
struct URLSessionRedirectHopsTests {
    /// A `traceparent` whose span id is `hop` (1 for the first redirect's next request, and so on).
    static func traceparent(hop: Int) -> String {
        "00-0af7651916cd43dd8448eb211c80319c-\(String(format: "%016x", hop))-01"
    }

    @Test("two redirects: two hops with their status and URLs; each next request carries their fields")
    func twoHops() async throws {
        let client: (URL) throws -> URLSessionClient = { try URLSessionClient.ephemeral(baseURL: $0.absoluteString) }
        try await DevServer.run(client: client) { _, client in
            let hops = RecordedValues<HTTPRedirectHop>()
            let redirects = HTTPRedirectObserver { hop in
                hops.append(hop)
                return ["traceparent": Self.traceparent(hop: hops.count), "Cookie": "never=sent"]
            }
            let request = devRequest(
                .get, "faults/redirect-hops", query: ["hops": "2"], headers: ["traceparent": Self.traceparent(hop: 0)])

            let (data, response) = try await redirects.observing {
                try await client.load(request: request)
            }

            let echo = try JSONDecoder().decode(DevServerEcho.self, from: data)
            #expect(response.statusCode == 200)
            #expect(hops.values.map(\.statusCode) == [302, 302])
            #expect(hops.values.map(\.url.path) == ["/faults/redirect-hops", "/faults/redirect-hops"])
            #expect(hops.values.map(\.nextURL.path) == ["/faults/redirect-hops", "/echo/redirect-hops"])
            #expect(hops.values.map(\.method) == ["GET", "GET"])
            let seen = [Self.traceparent(hop: 0), Self.traceparent(hop: 1)].joined(separator: ",")
            #expect(echo.queryItems == [["seen", seen]])
            #expect(echo.header("traceparent") == Self.traceparent(hop: 2))
            #expect(echo.header("Cookie") == nil)
        }
    }
}
