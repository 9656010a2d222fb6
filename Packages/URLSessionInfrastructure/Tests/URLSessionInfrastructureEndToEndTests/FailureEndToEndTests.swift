import DevServerSupport
import Foundation
import HTTPClient
import Testing
import URLSessionInfrastructure

@Suite("End to end: transport failures")
struct FailureEndToEndTests {
    @Test("a server slower than the request timeout surfaces as timedOut")
    func timeout() async throws {
        try await withDevServer(requestTimeout: 1) { _, client in
            let error = await transportError {
                try await client.load(request: devRequest(.get, "faults/delay", query: ["ms": "10000"]))
            }

            guard case .timedOut = error else {
                Issue.record("expected timedOut, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("a port nobody listens on surfaces as cannotConnect")
    func unreachablePort() async throws {
        let closedPort = try ReservedPort()
        let client = try URLSessionClient.ephemeral(baseURL: "http://127.0.0.1:\(closedPort.port)/")

        let error = await transportError { try await client.load(request: devRequest(.get, "echo/x")) }

        guard case .cannotConnect = error else {
            Issue.record("expected cannotConnect, got \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == true)
    }

    @Test("a connection closed without a response surfaces as connectionLost", arguments: [HTTPMethod.get, .post])
    func droppedConnection(method: HTTPMethod) async throws {
        try await withDevServer { _, client in
            let body = method == .post ? Data("b".utf8) : nil
            let error = await transportError {
                try await client.load(request: devRequest(method, "faults/drop", body: body))
            }

            // Linux reports URLError.badServerResponse ("Empty reply from server"), Apple networkConnectionLost.
            guard case .connectionLost = error else {
                Issue.record("expected connectionLost, got \(String(describing: error))")
                return
            }
            #expect(error?.isTransient == true)
        }
    }

    @Test("a POST dropped on a reused connection fails transiently (timedOut on Linux)")
    func droppedReusedConnectionWithBody() async throws {
        try await withDevServer(requestTimeout: 1) { _, client in
            try await client.load(request: devRequest(.get, "echo/warm-up"))

            let error = await transportError {
                try await client.load(request: devRequest(.post, "faults/drop", body: Data("b".utf8)))
            }

            #if canImport(FoundationNetworking)
                // corelibs cannot rewind the body for curl's retry, so the task waits for the request timeout.
                guard case .timedOut = error else {
                    Issue.record("expected timedOut, got \(String(describing: error))")
                    return
                }
            #else
                #expect(error?.isTransient == true)
            #endif
        }
    }
}
