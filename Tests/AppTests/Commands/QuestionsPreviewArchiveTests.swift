import Foundation
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The questions feature's preview archive (`Packages/QuestionsFeature/Previews/questions.har`) runs the
/// feature's screens through the app's chains with no network, so the committed fixture keeps working.
struct QuestionsPreviewArchiveTests {
    @Test func theListRendersFromThePreviewArchive() async {
        let (status, console) = await replay(["questions", "--page-size", "5"])

        #expect(status == .success, "\(console.stderr)")
        #expect(console.stdout.contains("1. Debounce TextField input in SwiftUI without Combine"))
        #expect(console.stdout.contains("5. "))
    }

    @Test func aQuestionRendersWithItsAvatarFromThePreviewArchive() async {
        let (status, console) = await replay(["question", "70012345", "--json"])

        #expect(status == .success, "\(console.stderr)")
        #expect(console.stdout.contains("\"format\" : \"png\""))
    }

    /// Runs `arguments` replaying the preview archive, with both APIs on a port nothing listens on (the
    /// discard port), so a request that reached the network would fail.
    private func replay(_ arguments: [String]) async -> (AppExitStatus, CapturingConsole) {
        let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Packages/QuestionsFeature/Previews/questions.har")
        // The command's deadline is wall-clock time, and this in-process run shares the test executor's threads with
        // every other suite: the longest allowed timeout keeps a busy run from expiring it (a replay needs no bound).
        let offline = [
            "NETWORKING_QUESTIONS_URL": "http://127.0.0.1:9", "NETWORKING_TOKEN_URL": "http://127.0.0.1:9",
            "NETWORKING_TIMEOUT": "86400",
        ]
        let console = CapturingConsole()
        let status = await NetworkingApp.run(
            arguments: arguments + ["--replay", archive.path], environment: offline, console: console.console)
        return (status, console)
    }
}
