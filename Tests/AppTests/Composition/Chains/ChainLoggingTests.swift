import Foundation
import HTTPClient
import QuestionsFeature
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// With `--verbose`, logging is the innermost decorator: each attempt is one entry, signed and redacted.
struct ChainLoggingTests {
    @Test func logsEveryAttemptOfARefreshWithTheAuthorizationRedacted() async throws {
        let spy = TransportSpy(tokenServer())
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory(logging: true))

        _ = try await sut.loadToken()

        let entries = spy.log.values
        #expect(entries.map(statusLine) == ["StatusCode: 401", "StatusCode: 200", "StatusCode: 200"])
        #expect(entries[0].contains("    - Authorization: <redacted>"))
        #expect(entries[2].contains("    - Authorization: <redacted>"))
        #expect(entries[1].contains(#""access_token" : "<redacted>""#))
        #expect(entries.allSatisfy { $0.contains("    - User-Agent: networking/1.0") })
        #expect(entries.allSatisfy { !$0.contains("configured-token") && !$0.contains("fresh-token") })
    }

    @Test func logsTheTokenAPIsBodiesAsSizesOnlyBecauseTheyAreTheStoredToken() async throws {
        let spy = TransportSpy(tokenServer(accepting: "configured-token"))
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory(logging: true))

        let stored = try await sut.loadToken()
        try await sut.updateToken("new-secret-token")

        #expect(stored == "stored")
        #expect(spy.log.values.count == 2)
        #expect(spy.log.values.allSatisfy { !$0.contains("stored\n") && !$0.contains("new-secret-token") })
        #expect(spy.log.values[0].contains("<6 bytes>"))
        #expect(spy.log.values[1].contains("<16 bytes>"))
    }

    @Test func logsEachRetryOfAQuestionsRequest() async throws {
        let (busy, page) = (Replies.unavailable, Replies.questionsPage())
        let spy = TransportSpy(replies: [.response(busy.0, busy.1), .response(page.0, page.1)])
        let sut = try QuestionsFeatureComposer(settings: makeSettings(), factory: spy.factory(logging: true))

        _ = try await sut.loadQuestions(QuestionsQuery())

        #expect(spy.log.values.map(statusLine) == ["StatusCode: 503", "StatusCode: 200"])
        #expect(spy.log.values.allSatisfy { $0.contains("    - Accept: application/json") })
    }

    @Test func logsNothingWithoutVerbose() async throws {
        let spy = TransportSpy(tokenServer())
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory(logging: false))

        _ = try await sut.loadToken()

        #expect(spy.log.values.isEmpty)
    }

    private func statusLine(_ entry: String) -> String {
        entry.split(separator: "\n").first { $0.hasPrefix("StatusCode:") }.map(String.init) ?? "none"
    }
}
