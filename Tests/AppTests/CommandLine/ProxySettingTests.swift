import CommandLineKit
import Foundation
import HTTPClientSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// `--proxy`, `NETWORKING_PROXY` and the default: the environment's proxy variables, as curl reads them.
struct ProxySettingTests {
    @Test func theDefaultIsTheEnvironment() throws {
        #expect(try settings([], [:]).proxy == .environment)
    }

    @Test func theVariableSetsItAnEmptyValueGoesDirectAndTheOptionWins() throws {
        let url = try #require(URL(string: "http://127.0.0.1:3128"))

        #expect(try settings([], ["NETWORKING_PROXY": "http://127.0.0.1:3128"]).proxy == .url(url))
        #expect(try settings([], ["NETWORKING_PROXY": ""]).proxy == .direct)
        #expect(try settings(["--proxy", ""], ["NETWORKING_PROXY": "http://127.0.0.1:3128"]).proxy == .direct)
        #expect(try settings(["--proxy", "127.0.0.1:3128"], [:]).proxy == .url(url))
    }

    @Test func anUnusableProxyIsAUsageErrorWithoutItsPassword() throws {
        let error = #expect(throws: UsageError.self) {
            try settings(["--proxy", "ftp://user:secret@proxy.local:21"], [:])
        }

        #expect(error?.description.contains("secret") == false)
        #expect(error?.description.hasPrefix("--proxy must be a proxy URL") == true)
    }

    private func settings(_ options: [String], _ environment: [String: String]) throws -> Settings {
        try Settings.resolve(CommandTable.parse(["token"] + options), environment: environment)
    }
}
