import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What only `URLSessionClient` does end to end. The behaviour every transport shares is the transport
/// contract, in the root package's `Tests/TransportContractTests`.
@Suite("End to end: URLSessionClient only")
struct URLSessionEndToEndTests {
    @Test("a client made from a caller's session sends through its configuration")
    func callersSession() async throws {
        try await DevServer.run { server in
            let session = URLSession(configuration: .ephemeral)
            defer { session.invalidateAndCancel() }
            let client = URLSessionClient(baseURL: server.baseURL, session: session)

            let (data, response) = try await client.load(request: devRequest(.get, "echo/session"))

            let echo = try JSONDecoder().decode(DevServerEcho.self, from: data)
            #expect(response.statusCode == 200)
            #expect(echo.path == "/echo/session")
        }
    }

    @Test("a POST dropped on a reused connection fails transiently (timedOut on Linux)")
    func droppedReusedConnectionWithBody() async throws {
        let impatientClient: (URL) throws -> URLSessionClient = {
            try URLSessionClient.ephemeral(baseURL: $0.absoluteString, requestTimeout: 1)
        }
        try await DevServer.run(client: impatientClient) { _, client in
            try await client.load(request: devRequest(.get, "echo/warm-up"))

            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.post, "faults/drop", body: Data("b".utf8)))
            }

            #if canImport(FoundationNetworking)
                // corelibs cannot rewind the body for curl's retry, so the task waits for the request timeout.
                guard case .timedOut? = error else {
                    Issue.record("expected timedOut, got \(String(describing: error))")
                    return
                }
            #else
                #expect(error?.isTransient == true)
            #endif
        }
    }
}
