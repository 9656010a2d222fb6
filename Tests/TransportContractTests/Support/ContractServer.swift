import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// A running `Scripts/dev-server` and the transport under contract.
struct ContractServer {
    let server: DevServer
    let transport: Transport

    /// The server's root URL, for example `http://127.0.0.1:54321`.
    var baseURL: URL { server.baseURL }

    /// The server's admin routes, through a client of their own (so they never share the tested connections).
    var admin: DevServerAdmin {
        get throws { DevServerAdmin(client: try transport.makeClient(baseURL: server.baseURL)) }
    }

    /// A new client of the transport for this server.
    func client(_ options: ClientOptions = ClientOptions()) throws -> any HTTPClient {
        try transport.makeClient(baseURL: server.baseURL, options: options)
    }

    /// The absolute URL of `path` on this server.
    func url(_ path: String) -> String {
        server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/" + path
    }

    /// Starts a dev server (with `arguments`) and runs `body` with it and `transport`.
    static func run<T>(
        _ transport: Transport, arguments: [String] = [], _ body: (ContractServer) async throws -> T
    ) async throws -> T {
        try await DevServer.run(arguments: arguments) { server in
            try await body(ContractServer(server: server, transport: transport))
        }
    }
}

/// Starts a dev server and runs `body` with a client of `transport` for it.
func withClient<T>(
    _ transport: Transport, _ options: ClientOptions = ClientOptions(),
    _ body: (ContractServer, any HTTPClient) async throws -> T
) async throws -> T {
    try await ContractServer.run(transport) { server in try await body(server, try server.client(options)) }
}

/// Starts a dev server on 127.0.0.1 and another on 127.0.0.2 (a different origin), and runs `body` with both.
func withTwoOrigins<T>(_ transport: Transport, _ body: (ContractServer, ContractServer) async throws -> T)
    async throws -> T
{
    try await ContractServer.run(transport) { first in
        try await ContractServer.run(transport, arguments: ["--host", "127.0.0.2"]) { second in
            try await body(first, second)
        }
    }
}
