import CommandLineKit
import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// `--timeout`, `NETWORKING_TIMEOUT` and the default, and how the deadline reads in messages.
struct TimeoutSettingsTests {
    @Test func theDefaultIs30Seconds() throws {
        #expect(try settings([], [:]).timeout == .seconds(30))
    }

    @Test func theEnvironmentSetsItAndTheOptionWins() throws {
        #expect(try settings([], ["NETWORKING_TIMEOUT": "2.5"]).timeout == .milliseconds(2500))
        #expect(try settings(["--timeout", "4"], ["NETWORKING_TIMEOUT": "2.5"]).timeout == .seconds(4))
    }

    @Test(arguments: ["0", "-1", "abc", "1e2", "nan"])
    func aBadEnvironmentValueIsAUsageError(value: String) {
        #expect(throws: UsageError.self) { try settings([], ["NETWORKING_TIMEOUT": value]) }
    }

    @Test(arguments: [(Duration.seconds(1), "1"), (.milliseconds(2500), "2.5"), (.milliseconds(250), "0.25")])
    func theDeadlineNamesItsSeconds(total: Duration, seconds: String) {
        #expect(CommandDeadline.seconds(total) == seconds)
        #expect("\(CommandDeadline.start(total: total).expired)".contains("timed out after \(seconds) s"))
    }

    @Test func aDeadlineThatHasPassedFailsALoadWithoutSendingIt() async throws {
        let deadline = CommandDeadline.start(total: .zero)
        let transport = ScriptedHTTPClient(replies: [])
        let client = transport.bounded(by: deadline)

        await #expect(throws: HTTPTransportError.self) { try await client.load(request: TestRequest(path: "q")) }
        #expect(await transport.requests.isEmpty)
    }

    private func settings(_ options: [String], _ environment: [String: String]) throws -> Settings {
        try Settings.resolve(try CommandTable.parse(["token"] + options), environment: environment)
    }
}
