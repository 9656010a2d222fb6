import DevServerSupport
import EndToEndSupport
import Foundation
import Testing

/// `--verbose`: every exchange logged to standard error with secrets redacted; standard output untouched.
@Suite(.timeLimit(.minutes(1)))
struct VerboseCLITests {
    @Test func logsTheTokenExchangeWithoutEverPrintingTheAccessToken() async throws {
        try await withDevServer { server in
            let accessToken = try await DevServerAdmin(server).issueAccessToken()

            let outcome = try await NetworkingBinary.run(
                ["token", "--verbose"], environment: server.environment(["NETWORKING_ACCESS_TOKEN": accessToken]))

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "Token: initial-token\n")
            #expect(outcome.stderr.contains("Outgoing Network Request"))
            #expect(outcome.stderr.contains("    - Authorization: <redacted>"))
            #expect(!outcome.stdout.contains(accessToken) && !outcome.stderr.contains(accessToken))
        }
    }

    @Test func aRefreshIsLoggedWithTheIssuedTokenRedacted() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["--verbose", "token"], environment: server.environment(["NETWORKING_ACCESS_TOKEN": "bogus-token"]))

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stderr.components(separatedBy: "Outgoing Network Request").count - 1 == 3)
            #expect(outcome.stderr.contains(#""access_token" : "<redacted>""#))
            #expect(!outcome.stderr.contains("bogus-token") && !outcome.stdout.contains("bogus-token"))
        }
    }

    @Test func jsonOutputStaysParseableWhileTheLogGoesToStandardError() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["questions", "--json", "--verbose", "--page-size", "2"], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            let document = try JSONSerialization.jsonObject(with: outcome.stdoutData) as? [String: Any]
            #expect((document?["questions"] as? [Any])?.count == 2)
            #expect(outcome.stderr.contains("Path: questions"))
            #expect(outcome.stderr.contains("    - User-Agent: networking/1.0"))
        }
    }
}
