import DevServerSupport
import Testing

extension DevServer {
    /// Every API pointed at this server, plus `extra` (for example `NETWORKING_ACCESS_TOKEN`).
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        let url = baseURL.absoluteString
        return ["NETWORKING_TOKEN_URL": url, "NETWORKING_QUESTIONS_URL": url, "NETWORKING_FILES_URL": url].merging(
            extra
        ) { _, new in new }
    }
}

/// `DevServer.run`, then a check that the server process is gone and exited cleanly: no test leaves one behind.
func withDevServer(
    arguments: [String] = [], filePath: String = #filePath, _ body: (DevServer) async throws -> Void
) async throws {
    var used: DevServer?
    try await DevServer.run(arguments: arguments, filePath: filePath) { server in
        used = server
        try await body(server)
    }
    let server = try #require(used)
    #expect(!server.isRunning, "the dev server outlived its test")
    #expect(server.exitStatus == 0)
}
