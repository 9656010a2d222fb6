import DevServerSupport
import EndToEndSupport
import Foundation
import Testing

/// `networking token` and `networking token update` against the dev server's token API.
@Suite(.timeLimit(.minutes(1)))
struct TokenCLITests {
    @Test func tokenPrintsTheStoredTokenWithAValidAccessToken() async throws {
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            let accessToken = try await admin.issueAccessToken()

            let outcome = try await NetworkingBinary.run(
                ["token"], environment: server.environment(["NETWORKING_ACCESS_TOKEN": accessToken]))

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "Token: initial-token\n")
            #expect(outcome.stderr.isEmpty)
            #expect(try await admin.count("auth.token.issued") == 1)  // only the test's own
        }
    }

    @Test func updateStoresTheArgumentThenTokenReadsItBack() async throws {
        try await withDevServer { server in
            let update = try await NetworkingBinary.run(
                ["token", "update", "new value"], environment: server.environment())
            let read = try await NetworkingBinary.run(["token"], environment: server.environment())

            #expect(update.status == 0, "\(update)")
            #expect(update.stdout == "Token updated.\n", "the secret is not echoed")
            #expect(read.status == 0 && read.stdout == "Token: new value\n", "\(read)")
            #expect(try await DevServerAdmin(server).count("token.stored") == 1)
        }
    }

    @Test func updateWithADashReadsStandardInputWithoutItsLastNewline() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["token", "update", "-"], environment: server.environment(), input: Data("from stdin\n".utf8))
            let read = try await NetworkingBinary.run(["token"], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "Token updated.\n")
            #expect(read.stdout == "Token: from stdin\n", "\(read)")
        }
    }

    @Test(arguments: [(["token", "update", "two\nlines"], ""), (["token", "update", "-"], "one\rtwo\n")])
    func aTokenHoldingALineBreakIsRefused(arguments: [String], input: String) async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                arguments, environment: server.environment(), input: Data(input.utf8))

            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stderr.contains("line break"))
            #expect(try await DevServerAdmin(server).count("token.stored") == 0)
        }
    }

    @Test func aRejectedAccessTokenIsRefreshedOnceAndSilently() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["token"], environment: server.environment(["NETWORKING_ACCESS_TOKEN": "bogus-token"]))

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "Token: initial-token\n")
            #expect(outcome.stderr.isEmpty)
            let admin = try DevServerAdmin(server)
            #expect(try await admin.count("auth.token.issued") == 1)
            #expect(try await admin.count("auth.rejected") == 1)
            #expect(try await admin.count("route:GET /v1/token") == 2)
        }
    }

    @Test func withoutAnAccessTokenOneIsRequestedFirst() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(["token"], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "Token: initial-token\n")
            #expect(outcome.stderr.isEmpty)
            let admin = try DevServerAdmin(server)
            #expect(try await admin.count("auth.token.issued") == 1)
            #expect(try await admin.count("auth.rejected") == 0)
            #expect(try await admin.count("route:GET /v1/token") == 1)
        }
    }

    @Test func theBaseURLOptionReplacesTheEnvironment() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["token", "--base-url", server.baseURL.absoluteString],
                environment: ["NETWORKING_TOKEN_URL": "http://127.0.0.1:1"])

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "Token: initial-token\n")
        }
    }
}
