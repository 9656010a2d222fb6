import DevServerSupport
import Foundation
import HTTPClient
import Testing
import URLSessionInfrastructure

@Suite("cache-tests-proxy: the command")
struct CacheTestsProxyExecutableTests {
    @Test(
        "a command line it cannot use exits 64 with a reason",
        arguments: [
            (["--origin", "http://example.test:8000"], "not a loopback address"),
            (["--origin", "http://10.0.0.1"], "not a loopback address"),
            (["--origin", "ftp://127.0.0.1"], "not an http URL"),
            (["--origin", "http://127.0.0.1", "--port", "70000"], "not a port number"),
            ([], "--origin URL is required"),
            (["--origin"], "needs a value"), (["--origin", "http://127.0.0.1", "--verbose"], "unknown argument"),
        ])
    func refusesCommandLine(arguments: [String], reason: String) async throws {
        let (status, stderr) = try await ProxyExecutable.run(arguments)

        #expect(status == 64)
        #expect(stderr.contains(reason))
        #expect(stderr.contains("usage: cache-tests-proxy"))
    }

    @Test("prints its ready line, answers from its cache, and exits 0 on SIGTERM")
    func serves() async throws {
        try await DevServer.run { server in
            let running = try await ProxyExecutable.start(["--origin", server.baseURL.absoluteString, "--port", "0"])
            let client = try URLSessionClient.ephemeral(baseURL: running.url)
            let avatar = originRequest(.get, "cdn/avatars/zoe-laurent.png")

            let (_, first) = try await client.load(request: avatar)
            let (_, second) = try await client.load(request: avatar)
            let status = await terminated(running.process)

            #expect(running.url.hasPrefix("http://127.0.0.1:"))
            #expect(first.headers?["X-Cache"] == "miss")
            #expect(second.headers?["X-Cache"] == "hit")
            #expect(status == 0)
        }
    }

    /// Sends SIGTERM and returns the exit status once the process ended.
    private func terminated(_ process: Process) async -> Int32 {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.terminate()
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
    }
}
