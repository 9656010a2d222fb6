import Foundation
import Testing

@testable import NetworkingApp

/// The questions feature's preview archive (`Packages/QuestionsFeature/Previews/questions.har`) runs the
/// feature's screens through the app's chains with no network, so the committed fixture keeps working.
struct QuestionsPreviewArchiveTests {
    static let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Packages/QuestionsFeature/Previews/questions.har").path

    @Test func theListRendersFromThePreviewArchive() async {
        let console = CapturingConsole()

        let status = await NetworkingApp.run(
            arguments: ["questions", "--page-size", "5", "--replay", Self.archive], environment: Self.offline,
            console: console.console)

        #expect(status == .success, "\(console.stderr)")
        #expect(console.stdout.contains("1. Debounce TextField input in SwiftUI without Combine"))
        #expect(console.stdout.contains("5. "))
    }

    @Test func aQuestionRendersWithItsAvatarFromThePreviewArchive() async {
        let console = CapturingConsole()

        let status = await NetworkingApp.run(
            arguments: ["question", "70012345", "--json", "--replay", Self.archive], environment: Self.offline,
            console: console.console)

        #expect(status == .success, "\(console.stderr)")
        #expect(console.stdout.contains("\"format\" : \"png\""))
    }

    /// Both APIs on a port nothing listens on (the discard port), so a request that reached the network fails.
    static let offline = [
        "NETWORKING_QUESTIONS_URL": "http://127.0.0.1:9", "NETWORKING_TOKEN_URL": "http://127.0.0.1:9",
    ]
}
