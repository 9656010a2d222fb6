import CommandLineKit
import Foundation
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The zsh and fish scripts in the real shells, where they are installed (`apt-get install zsh fish`).
struct ZshAndFishCompletionTests {
    @Test(.enabled(if: ShellRun.isInstalled("/usr/bin/fish"), "fish is not installed"))
    func fishCompletesCommandsOptionsAndValues() async throws {
        #expect(try await fish("networking qu") == ["question", "questions"])
        #expect(try await fish("networking questions --so") == ["--sort"])
        #expect(
            try await fish("networking questions --sort ") == ["activity", "creation", "hot", "month", "votes", "week"])
        #expect(try await fish("networking token ").contains("update"))
        #expect(try await fish("networking files ") == ["download", "upload"])
        #expect(try await fish("networking files --j") == ["--json"])
        #expect(try await fish("networking files download --o") == ["--output"])
        #expect(try await fish("networking cache info ") == [])
    }

    @Test(.enabled(if: ShellRun.isInstalled("/usr/bin/zsh"), "zsh is not installed"))
    func zshLoadsTheScriptAndRegistersTheCompletion() async throws {
        let output = try await ShellRun.run(
            "/usr/bin/zsh", script: CommandTable.tool.completionScript(for: .zsh),
            command: {
                "autoload -U compinit && compinit -u -d /dev/null && source '\($0)' && print $_comps[networking]"
            })
        #expect(output == "_networking\n")
    }

    /// The completions fish offers for `line`, without their descriptions.
    private func fish(_ line: String) async throws -> [String] {
        let output = try await ShellRun.run(
            "/usr/bin/fish", script: CommandTable.tool.completionScript(for: .fish),
            command: { "source '\($0)'; complete -C '\(line)'" })
        return output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
    }
}
