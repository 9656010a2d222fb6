import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import NetworkingApp
import NetworkingComposition
import Testing

/// `.loggingRequestAndResponse(to:)` innermost on real traffic: every attempt logged, no secret in any line.
@Suite(.timeLimit(.minutes(1)))
struct LoggingEndToEndTests {
    @Test func aRefreshIsLoggedAttemptByAttemptWithoutItsSecrets() async throws {
        try await DevServer.run { server in
            let (log, tokens) = (RecordedValues<String>(), RecordedValues<String>())
            let logged = try server.transport().loggingRequestAndResponse { log.append($0) }
            let issuer = AccessTokenIssuer(client: logged.handlingErrors())
            let expired = try await issuer.issue()
            try await DevServerAdmin(server).post("expire-tokens")
            let sut = logged.refreshingAccessToken(
                stored: { expired },
                refresh: {
                    let token = try await issuer.issue()
                    tokens.append(token)
                    return token
                })

            let (data, _) = try await sut.load(request: TestRequest(path: "token"))

            #expect(data == Data("initial-token".utf8))
            let entries = log.values
            #expect(entries.map(firstLines) == ["POST auth/token", "GET token", "POST auth/token", "GET token"])
            #expect(
                entries.map(statusLine) == ["StatusCode: 200", "StatusCode: 401", "StatusCode: 200", "StatusCode: 200"])
            #expect(entries[1].contains("    - Authorization: <redacted>"))
            #expect(entries[3].contains("    - Authorization: <redacted>"))
            #expect(entries[2].contains(#""access_token" : "<redacted>""#))
            let secrets = ([expired] + tokens.values).map { String($0.dropFirst("Bearer ".count)) }
            #expect(secrets.count == 2 && secrets.allSatisfy { $0.count > 10 })
            let lines = entries.flatMap { $0.split(separator: "\n") }
            #expect(lines.allSatisfy { line in secrets.allSatisfy { !line.contains($0) } })
        }
    }

    private func firstLines(_ entry: String) -> String {
        let lines = entry.split(separator: "\n")
        let method = lines.first { $0.hasPrefix("Method: ") }?.dropFirst("Method: ".count) ?? "?"
        let path = lines.first { $0.hasPrefix("Path: ") }?.dropFirst("Path: ".count) ?? "?"
        return "\(method) \(path)"
    }

    private func statusLine(_ entry: String) -> String {
        entry.split(separator: "\n").first { $0.hasPrefix("StatusCode:") }.map(String.init) ?? "none"
    }
}
