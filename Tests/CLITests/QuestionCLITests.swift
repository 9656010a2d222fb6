import DevServerSupport
import EndToEndSupport
import Foundation
import Testing

/// `networking question ID` against the dev server: the question, its body as text, its owner's avatar.
@Suite(.timeLimit(.minutes(1)))
struct QuestionCLITests {
    private let id = "79123456"

    @Test func printsTheQuestionWithItsBodyAsTextAndAnAvatarLine() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(["question", id], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            let lines = outcome.stdout.split(separator: "\n").map(String.init)
            #expect(
                lines.first == "SwiftUI List doesn't update after mutating an @Observable model from a detached Task")
            #expect(lines.contains { $0.hasPrefix("Avatar: PNG, 64x64, ") })
            #expect(
                outcome.stdout.contains("I moved my view model from `ObservableObject` to the new `@Observable` macro.")
            )
            #expect(!outcome.stdout.contains("<p>") && !outcome.stdout.contains("<code>"))
            #expect(outcome.stderr.isEmpty)
            #expect(try await DevServerAdmin(server).count("route:GET /cdn/avatars/zoe-laurent.png") == 1)
        }
    }

    @Test func jsonIsTheOnlyOutputWithTheBodyTextAndTheAvatar() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(["question", id, "--json"], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            let document = try #require(try JSONSerialization.jsonObject(with: outcome.stdoutData) as? [String: Any])
            let question = try #require(document["question"] as? [String: Any])
            let avatar = try #require(document["avatar"] as? [String: Any])
            #expect(question["id"] as? String == id)
            #expect(question["body_html"] as? String != nil)
            #expect((document["body_text"] as? String)?.hasPrefix("I moved my view model") == true)
            #expect(avatar["format"] as? String == "png" && avatar["width"] as? Int == 64)
            #expect(document["saved_avatar_path"] == nil)
            #expect(outcome.stderr.isEmpty)
        }
    }

    @Test(arguments: [false, true])
    func saveAvatarWritesARealPNG(json: Bool) async throws {
        try await withDevServer { server in
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("avatar-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }

            let outcome = try await NetworkingBinary.run(
                ["question", id, "--save-avatar", path] + (json ? ["--json"] : []), environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            let saved = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(saved.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            if json {
                let document = try JSONSerialization.jsonObject(with: outcome.stdoutData) as? [String: Any]
                #expect(document?["saved_avatar_path"] as? String == path)
            } else {
                #expect(outcome.stderr == "networking: saved the avatar to \(path)\n")
            }
        }
    }

    @Test func anUnknownIDExits4() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(["question", "1"], environment: server.environment())

            #expect(outcome.status == 4, "\(outcome)")
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr.hasPrefix("networking: Could not load question 1: Question 1 was not found"))
        }
    }

    @Test func anAvatarThatCannotBeWrittenExits5() async throws {
        try await withDevServer { server in
            let path = "/nonexistent-\(UUID())/avatar.png"

            let outcome = try await NetworkingBinary.run(
                ["question", id, "--save-avatar", path], environment: server.environment())

            #expect(outcome.status == 5, "\(outcome)")
            #expect(outcome.stderr.hasPrefix("networking: Could not save the avatar"))
        }
    }
}
