import CommandLineKit
import Foundation
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// Runs the generated bash completion script in a real bash, the way bash calls it on TAB.
struct BashCompletionTests {
    @Test func completesCommandNames() async throws {
        #expect(try await complete("networking", "qu") == ["question", "questions"])
        #expect(try await complete("networking", "--verbose", "t") == ["token"])
    }

    @Test func completesACommandsOptions() async throws {
        #expect(try await complete("networking", "questions", "--page") == ["--page", "--page-size"])
        #expect(try await complete("networking", "question", "42", "--s") == ["--save-avatar", "--site"])
        #expect(
            try await complete("networking", "token", "")
                == [
                    "--base-url", "--cacert", "--capath", "--cert", "--help", "--key", "--pass", "--pinnedpubkey",
                    "--proxy", "--record", "--replay", "--timeout", "--tlsv1.2", "--tlsv1.3", "--trace",
                    "--trace-metrics",
                    "--transport",
                    "--verbose", "--write-out",
                    "-h",
                    "-v",
                    "-w",
                    "update",
                ])
    }

    @Test func completesTheCacheSubcommands() async throws {
        #expect(try await complete("networking", "ca") == ["cache"])
        #expect(try await complete("networking", "cache", "").filter { !$0.hasPrefix("-") } == ["clear", "info"])
    }

    @Test func completesSubcommandsThenTheSubcommandsOwnOptions() async throws {
        #expect(try await complete("networking", "files", "").filter { !$0.hasPrefix("-") } == ["download", "upload"])
        #expect(try await complete("networking", "files", "--j") == ["--json"])
        #expect(try await complete("networking", "files", "download", "--o") == ["--output"])
        #expect(try await complete("networking", "files", "download", "x", "").filter { !$0.hasPrefix("-") } == [])
        #expect(try await complete("networking", "files", "download", "--j") == [])
        #expect(try await complete("networking", "cache", "info", "").filter { !$0.hasPrefix("-") } == [])
    }

    @Test func completesOptionValues() async throws {
        #expect(
            try await complete("networking", "questions", "--sort", "") == [
                "activity", "creation", "hot", "month", "votes", "week",
            ])
        #expect(try await complete("networking", "--generate-completion-script", "z") == ["zsh"])
        #expect(try await complete("networking", "help", "to") == ["token"])
        #expect(try await complete("networking", "files", "upload", "--protocol", "") == ["draft", "multipart", "tus"])
        #expect(try await complete("networking", "files", "upload", "--can") == ["--cancel"])
        #expect(try await complete("networking", "--ca") == ["--cacert", "--capath"])
    }

    @Test func completesFilesForFileOptions() async throws {
        let output = try await ShellRun.run(
            "/bin/bash", script: CommandTable.tool.completionScript(for: .bash),
            command: {
                "cd \"$(dirname '\($0)')\"; source '\($0)'; COMP_WORDS=(networking --record \"$(basename '\($0)')\"); "
                    + #"COMP_CWORD=2; _networking; printf '%s\n' "${COMPREPLY[@]}""#
            })
        #expect(output.hasPrefix("networking-completion-"))
    }

    @Test func completesFilesForAFileArgument() async throws {
        let output = try await ShellRun.run(
            "/bin/bash", script: CommandTable.tool.completionScript(for: .bash),
            command: {
                "cd \"$(dirname '\($0)')\"; source '\($0)'; "
                    + "COMP_WORDS=(networking files upload \"$(basename '\($0)')\"); "
                    + #"COMP_CWORD=3; _networking; printf '%s\n' "${COMPREPLY[@]}""#
            })
        #expect(output.hasPrefix("networking-completion-"))
    }

    @Test func skipsOptionValuesWhenFindingTheCommand() async throws {
        #expect(try await complete("networking", "--base-url", "http://x", "questions", "--js") == ["--json"])
    }

    /// The words bash would offer for the last word of `words`.
    private func complete(_ words: String...) async throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let output = try await ShellRun.run(
            "/bin/bash", script: CommandTable.tool.completionScript(for: .bash),
            command: {
                "source '\($0)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _networking; "
                    + #"printf '%s\n' "${COMPREPLY[@]}""#
            })
        return output.split(separator: "\n").map(String.init).sorted()
    }
}
