import DevServerSupport
import EndToEndSupport
import Foundation
import Testing

/// The runtime exit statuses: 1 unreachable, 2 the server or API reported an error, 3 an unreadable answer.
@Suite(.timeLimit(.minutes(1)))
struct FailureCLITests {
    @Test func anUnreachableServerExits1() async throws {
        let closed = try ReservedPort()
        let url = "http://127.0.0.1:\(closed.port)"

        let outcome = try await NetworkingBinary.run(["token"], environment: ["NETWORKING_TOKEN_URL": url])

        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("Could not connect to the server"))
        withExtendedLifetime(closed) {}
    }

    @Test func aThrottledAPIExits2WithTheAPIsMessage() async throws {
        try await withDevServer { server in
            try await DevServerAdmin(server).post("throttle", json: #"{"on":true}"#)

            let outcome = try await NetworkingBinary.run(["questions"], environment: server.environment())

            #expect(outcome.status == 2, "\(outcome)")
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr.contains("too many requests from this IP, more requests available in 30 seconds"))
            #expect(outcome.stderr.contains("throttle_violation"))
        }
    }

    @Test func aServerFailingEveryRequestExits2AfterThreeAttempts() async throws {
        try await withDevServer(arguments: ["--fault-rate", "1", "--fault-kinds", "503"]) { server in
            let outcome = try await NetworkingBinary.run(["questions", "--json"], environment: server.environment())

            #expect(outcome.status == 2, "\(outcome)")
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr.contains("503"))
            let admin = try DevServerAdmin(server)
            #expect(try await admin.count("route:GET /2.3/questions") == 3)
            #expect(try await admin.count("faulted:GET /2.3/questions") == 3)
        }
    }

    /// Issuing a token is safe to repeat, so the issuer is retried like a GET before the command gives up.
    @Test func aFailingTokenIssuerIsRetriedLikeAGetThenExits2() async throws {
        try await withDevServer(arguments: ["--fault-rate", "1", "--fault-kinds", "503"]) { server in
            let outcome = try await NetworkingBinary.run(["token"], environment: server.environment())

            #expect(outcome.status == 2, "\(outcome)")
            #expect(outcome.stderr.contains("HTTP 503"))
            #expect(try await DevServerAdmin(server).count("route:POST /v1/auth/token") == 3)
        }
    }

    /// `/echo/` answers every path with a 200 JSON description of the request: the right content type, the
    /// wrong document, so each command fails to map it.
    @Test(arguments: [["questions"], ["question", "42"], ["token"]])
    func aServerAnsweringWithTheWrongDocumentExits3(command: [String]) async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["--base-url", server.baseURL.appendingPathComponent("echo/").absoluteString] + command)

            #expect(outcome.status == 3, "\(outcome)")
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr.hasPrefix("networking: Could not load"))
        }
    }
}
