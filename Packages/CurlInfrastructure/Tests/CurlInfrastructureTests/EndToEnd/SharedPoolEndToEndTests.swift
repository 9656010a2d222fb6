import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Clients on one ``CurlConnectionPool``: connections and TLS sessions shared across clients, the per-host
/// connection limit, and a connect timeout apart from the request timeout.
@Suite("CurlConnectionPool end to end: shared connections, TLS sessions, limits, connect timeout")
struct SharedPoolEndToEndTests {
    @Test("two clients with different base URLs on one pool reuse one connection to the same origin")
    func sharedConnection() async throws {
        let server = try CountingServer()
        let pool = try CurlConnectionPool()
        let first = try CurlClient(baseURL: server.url("a/"), requestTimeout: 60, proxy: .direct, pool: pool)
        let second = try CurlClient(
            baseURL: server.url("b/"), requestTimeout: 30, maximumResponseBytes: 1024, proxy: .direct, pool: pool)

        _ = try await first.load(request: TestRequest(path: "one"))
        _ = try await second.load(request: TestRequest(path: "two"))

        #expect(server.acceptedConnections == 1)
    }

    @Test("concurrent requests to one host never open more connections than the pool's per-host limit")
    func perHostLimit() async throws {
        let limit = 2
        let server = try CountingServer(held: limit)
        let pool = try CurlConnectionPool(settings: .init(maximumConnectionsPerHost: limit))
        let client = try CurlClient(baseURL: server.url(), requestTimeout: 60, proxy: .direct, pool: pool)
        _ = try await client.load(request: TestRequest(path: "first"))

        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<12 {
                group.addTask { try await client.load(request: TestRequest(path: "load/\(index)")).1.statusCode }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(statuses == Array(repeating: 200, count: 12))
        #expect(server.acceptedConnections == limit)
    }

    @Test("the connections a wide burst opened stay alive through a quiet spell for the next wide burst")
    func connectionsKeptAtWidth() async throws {
        let width = 24
        let server = try CountingServer(held: width)
        let client = try CurlClient(
            baseURL: server.url(), requestTimeout: 60, proxy: .direct, pool: try CurlConnectionPool())
        _ = try await client.load(request: TestRequest(path: "first"))

        for burst in 0..<2 {
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<width {
                    group.addTask {
                        try await client.load(request: TestRequest(path: "load/\(burst)/\(index)")).1.statusCode
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: width))
            for index in 0..<width {  // one at a time: libcurl's default cache shrinks to 4 per handle
                _ = try await client.load(request: TestRequest(path: "quiet/\(burst)/\(index)"))
            }
        }

        #expect(server.acceptedConnections == width)
    }

    @Test("the connect timeout ends a connect that hangs long before the request timeout")
    func connectTimeout() async throws {
        let listener = try FullBacklogListener()
        let pool = try CurlConnectionPool(settings: .init(connectTimeout: 0.2))
        let client = try CurlClient(baseURL: listener.url(), requestTimeout: 120, proxy: .direct, pool: pool)

        let error = await #expect(throws: HTTPTransportError.self) {
            try await client.load(request: TestRequest(path: "never"))
        }

        #expect(error?.kind == .timedOut)
        #expect(error?.curlCode == 28)
        let message = (error?.underlying as? CurlError)?.message ?? ""
        #expect(!message.contains("no data from"), "the request timeout fired, not the connect timeout: \(message)")
    }

    @Test("a second client's new TLS connection resumes the session the first client's negotiated")
    func sharedTLSSession() async throws {
        try await SessionReportingTLSServer.run { server in
            let pool = try CurlConnectionPool()
            let clients = try (0..<3).map { _ in
                try CurlClient(
                    baseURL: server.baseURL, requestTimeout: 60, certificateAuthorities: server.certificate,
                    proxy: .direct, pool: pool)
            }

            var sessions: [String?] = []
            for client in clients {
                let (page, _) = try await client.load(request: TestRequest(path: "status"))
                sessions.append(SessionReportingTLSServer.session(in: page))
            }

            #expect(sessions == ["New", "Reused", "Reused"])
        }
    }

    @Test("clients on private pools share no TLS session")
    func privatePools() async throws {
        try await SessionReportingTLSServer.run { server in
            var sessions: [String?] = []
            for _ in 0..<2 {
                let client = try CurlClient(
                    baseURL: server.baseURL, requestTimeout: 60, certificateAuthorities: server.certificate,
                    proxy: .direct)
                let (page, _) = try await client.load(request: TestRequest(path: "status"))
                sessions.append(SessionReportingTLSServer.session(in: page))
            }

            #expect(sessions == ["New", "New"])
        }
    }
}
