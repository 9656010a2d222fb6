import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// What only CurlClient has: libcurl's codes as causes and the loop thread's lifetime. The behaviour every
/// transport shares is the root package's transport contract suite (Tests/TransportContractTests).
@Suite("CurlClient end to end: libcurl causes and the loop thread")
struct CurlClientEndToEndTests {
    @Test("a server slower than the request timeout surfaces as timedOut, with libcurl's code as the cause")
    func timeout() async throws {
        try await DevServer.run(client: CurlClient.forDevServer(requestTimeout: 0.5)) { _, client in
            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.get, "faults/black-hole", query: ["max_ms": "20000"]))
            }

            #expect(error?.kind == .timedOut)
            #expect(error?.curlCode == 28)
        }
    }

    @Test("a released client ends its loop thread; a new one works")
    func releasedClient() async throws {
        try await DevServer.run { server in
            var client: CurlClient? = try CurlClient(baseURL: server.baseURL)
            _ = try await client?.load(request: devRequest(.get, "echo/first"))
            weak let released = client
            client = nil

            let echo = try await CurlClient(baseURL: server.baseURL).echo(devRequest(.get, "echo/second"))

            #expect(released == nil)
            #expect(echo.path == "/echo/second")
        }
    }
}
