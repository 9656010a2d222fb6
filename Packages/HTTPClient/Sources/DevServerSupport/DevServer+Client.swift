import Foundation

extension DevServer {
    /// Starts a server, makes a client for its base URL with `makeClient`, and runs `body` with both; the
    /// server is stopped whatever happens.
    ///
    /// ```swift
    /// try await DevServer.run(client: { try CurlClient(baseURL: $0) }) { server, client in
    ///     let (data, _) = try await client.load(request: devRequest(.get, "echo"))
    /// }
    /// ```
    /// - Parameters:
    ///   - arguments: Extra command-line arguments, for example `["--files-dir", folder.path]`.
    ///   - filePath: Any file inside the repository; used to find `Scripts/dev-server`.
    ///   - makeClient: Makes the client from the server's base URL.
    ///   - body: The work to do while the server runs.
    /// - Returns: What `body` returns.
    public static func run<Client, T>(
        arguments: [String] = [], filePath: String = #filePath, client makeClient: (URL) throws -> Client,
        _ body: (DevServer, Client) async throws -> T
    ) async throws -> T {
        try await run(arguments: arguments, filePath: filePath) { server in
            try await body(server, try makeClient(server.baseURL))
        }
    }
}
