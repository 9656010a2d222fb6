import DevServerSupport
import EndToEndSupport
import Foundation
import Testing

/// The token-issuing request is safe to repeat, so a busy auth endpoint costs a retry, not the command.
@Suite(.timeLimit(.minutes(1)))
struct TokenIssueRetryCLITests {
    @Test func tokenUpdateSucceedsWhenTheFirstTokenIssueIsAnswered503() async throws {
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            try await admin.post(
                "fail-next",
                json: #"{"method":"POST","path":"/v1/auth/token","status":503,"count":1,"retry_after":0}"#)

            let outcome = try await NetworkingBinary.run(
                ["token", "update", "after a 503"], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "Token updated.\n")
            #expect(try await admin.count("failed-next:POST /v1/auth/token") == 1)
            #expect(try await admin.count("auth.token.issued") == 1)
            #expect(try await admin.count("token.stored") == 1)
        }
    }
}
