import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import Testing

@Suite("CurlClient end to end: timeouts and failures")
struct FailureEndToEndTests {
    @Test("a server slower than the request timeout surfaces as timedOut, with libcurl's code as the cause")
    func timeout() async throws {
        try await withDevServer(requestTimeout: 0.5) { _, client in
            let error = await transportError {
                try await client.load(request: devRequest(.get, "faults/black-hole", query: ["max_ms": "20000"]))
            }

            #expect(error?.kind == .timedOut)
            #expect(error?.curlCode == 28)
        }
    }

    @Test("a body that keeps arriving slower than the timeout in total, but faster between bytes, completes")
    func timeoutIsBetweenBytes() async throws {
        try await withDevServer(requestTimeout: 1) { _, client in
            let (data, response) = try await client.load(
                request: devRequest(
                    .get, "faults/slow-body", query: ["bytes": "6", "chunks": "6", "interval_ms": "300"]))

            #expect(response.statusCode == 200)
            #expect(data.count == 6)
        }
    }

    @Test("a port nobody listens on surfaces as cannotConnect")
    func unreachablePort() async throws {
        let client = try CurlClient(baseURL: try #require(URL(string: "http://127.0.0.1:1/")))

        let error = await transportError { try await client.load(request: devRequest(.get, "x")) }

        #expect(error?.kind == .cannotConnect)
        #expect(error?.curlCode == 7)
    }

    @Test("a connection closed without a response surfaces as connectionLost", arguments: [HTTPMethod.get, .post])
    func droppedConnection(method: HTTPMethod) async throws {
        try await withDevServer { _, client in
            let error = await transportError {
                try await client.load(request: devRequest(method, "faults/drop", body: Data("b".utf8)))
            }

            #expect(error?.kind == .connectionLost)
        }
    }

    @Test("a header value with a line break is refused before anything is sent")
    func headerInjection() async throws {
        try await withDevServer { _, client in
            let error = await transportError {
                try await client.load(request: devRequest(.get, "echo/x", headers: ["X-Bad": "a\r\nHost: evil"]))
            }

            let seen = try await client.admin.count("route:GET /echo/x")
            #expect(error?.kind == .other)
            #expect(error?.curlCode == 43)
            #expect(seen == 0)
        }
    }

    @Test("a base URL that is not http(s) with a host, or a limit that is not positive, is refused")
    func configuration() throws {
        let base = try #require(URL(string: "http://127.0.0.1:1/"))
        let ftp = try #require(URL(string: "ftp://user:pw@example.com/"))

        #expect(throws: CurlClient.ConfigurationError.unsupportedBaseURL("ftp://[redacted]@example.com/")) {
            try CurlClient(baseURL: ftp)
        }
        #expect(throws: CurlClient.ConfigurationError.invalidRequestTimeout(0)) {
            try CurlClient(baseURL: base, requestTimeout: 0)
        }
        #expect(throws: CurlClient.ConfigurationError.invalidMaximumResponseBytes(-1)) {
            try CurlClient(baseURL: base, maximumResponseBytes: -1)
        }
    }
}
