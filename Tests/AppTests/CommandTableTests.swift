import Foundation
import Testing

@testable import NetworkingApp

/// The one table of commands and options drives the parser, the help texts and the completion scripts.
struct CommandTableTests {
    @Test func theParserHandlesEveryOptionInTheTable() throws {
        for command in CommandTable.commands {
            for option in command.options + CommandTable.commonOptions where option.name != "--help" {
                let arguments =
                    [command.name] + sampleArguments(for: command) + [option.name]
                    + (sampleValue(for: option).map { [$0] } ?? [])
                #expect(throws: Never.self, "\(arguments)") { try CommandLineParser.parse(arguments) }
            }
        }
    }

    @Test func helpListsEveryCommandAndOption() {
        let general = Usage.general
        for command in CommandTable.commands {
            #expect(general.contains("  \(command.name)"))
            let own = Usage.text(for: command.topic)
            #expect(own.hasPrefix("usage: networking \(command.name)"))
            for option in command.options { #expect(own.contains("  \(option.name)"), "\(option.name)") }
        }
        for option in CommandTable.commonOptions + CommandTable.toolOptions {
            #expect(general.contains("  \(option.name)"), "\(option.name)")
        }
    }

    @Test(arguments: Shell.allCases)
    func everyCompletionScriptOffersEveryCommandAndOption(shell: Shell) {
        let script = CompletionScript.text(for: shell)
        let options = CommandTable.commonOptions + CommandTable.toolOptions + CommandTable.commands.flatMap(\.options)
        for command in CommandTable.commands { #expect(script.contains(command.name)) }
        for option in options {
            let spelling = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
            #expect(script.contains(spelling), "\(shell): \(option.name)")
        }
    }

    @Test func theVersionHasOneSource() throws {
        #expect(try CommandLineParser.parse(["--version"]).command == .version)
        #expect(HTTPClientFactory.userAgent == "networking/\(NetworkingVersion.current)")
    }

    @Test func versionAndCompletionScriptsGoToStandardOutput() async {
        for (arguments, expected) in [
            (["--version"], NetworkingVersion.current + "\n"),
            (["--generate-completion-script", "bash"], CompletionScript.text(for: .bash)),
        ] {
            let console = CapturingConsole()
            let status = await NetworkingApp.run(arguments: arguments, environment: [:], console: console.console)
            #expect(status == .success)
            #expect(console.stdout == expected)
            #expect(console.stderr.isEmpty)
        }
    }

    @Test func parsesCompletionScriptRequests() throws {
        #expect(
            try CommandLineParser.parse(["--generate-completion-script", "zsh"]).command == .completionScript(.zsh))
        #expect(try CommandLineParser.parse(["--generate-completion-script=fish"]).command == .completionScript(.fish))
    }

    @Test(arguments: [
        (
            ["--generate-completion-script", "tcsh"],
            "--generate-completion-script must be one of bash, zsh, fish, not 'tcsh'"
        ),
        (["--generate-completion-script"], "--generate-completion-script needs a value"),
        (["--version", "questions"], "unexpected argument 'questions' after --version"),
        (["help", "frobnicate"], "no help for 'frobnicate': not a command"),
        (["help", "token", "update"], "unexpected argument 'update' after help"),
        (["questions", "--json=yes"], "--json takes no value"),
    ])
    func rejectsBadToolOptions(arguments: [String], message: String) {
        #expect(throws: UsageError(description: message, topic: message.hasPrefix("--json") ? .questions : .general)) {
            try CommandLineParser.parse(arguments)
        }
    }

    private func sampleArguments(for command: CommandSpec) -> [String] {
        command.arguments.isEmpty ? [] : [command.subcommands.first ?? "1"]
    }

    private func sampleValue(for option: OptionSpec) -> String? {
        switch option.value {
        case .none: nil
        case .text: option.name == "--base-url" ? "http://127.0.0.1:1" : "1"
        case .choice(_, let words): words.first
        case .file: "/tmp/file"
        }
    }
}
