import Foundation
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// Where the Files API is: `--base-url`, then `NETWORKING_FILES_URL`, then the token API's default host.
struct FilesSettingsTests {
    @Test func theFilesAPIDefaultsToTheLocalBackend() throws {
        #expect(try settings().filesBaseURL.absoluteString == "http://localhost:3000")
    }

    @Test func theEnvironmentMovesTheFilesAPIAlone() throws {
        let resolved = try settings(environment: ["NETWORKING_FILES_URL": "http://127.0.0.2:8080"])

        #expect(resolved.filesBaseURL.absoluteString == "http://127.0.0.2:8080")
        #expect(resolved.tokenBaseURL.absoluteString == "http://localhost:3000")
    }

    @Test func baseURLWinsOverTheEnvironment() throws {
        let resolved = try settings(
            ["--base-url", "http://127.0.0.1:9"], environment: ["NETWORKING_FILES_URL": "http://127.0.0.2:8080"])

        #expect(resolved.filesBaseURL.absoluteString == "http://127.0.0.1:9")
    }

    @Test func aFilesURLThatIsNotHTTPIsAUsageError() {
        #expect(throws: (any Error).self) { try settings(environment: ["NETWORKING_FILES_URL": "ftp://x"]) }
    }

    private func settings(_ options: [String] = [], environment: [String: String] = [:]) throws -> Settings {
        try Settings.resolve(try CommandTable.parse(["files"] + options), environment: environment)
    }
}
