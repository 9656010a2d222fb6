import CommandLineKit
import Foundation
import QuestionsFeature
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The one table of commands and options drives the parser, the help texts and the completion scripts.
struct CommandTableTests {
    private let tool = CommandTable.tool

    /// Every command and subcommand, with its names (`["files", "download"]`).
    private var tree: [(path: [String], command: CommandSummary)] {
        tool.commands.flatMap(\.summary.tree)
    }

    @Test func theParserHandlesEveryOptionOfEveryCommandInTheTree() throws {
        for (path, command) in tree where command.runs {
            for option in command.options + tool.commonOptions.map(\.spec) {
                let arguments =
                    path + command.arguments.map(sampleArgument) + [option.name]
                    + (sampleValue(for: option).map { [$0] } ?? [])
                #expect(throws: Never.self, "\(arguments)") { try CommandTable.parse(arguments) }
            }
        }
    }

    @Test func theTraceNamesEachCommandWithTheTreesWords() throws {
        for (path, command) in tree where command.runs {
            let invocation = try CommandTable.parse(path + command.arguments.map(sampleArgument))
            #expect(CommandTrace.spanName(of: invocation.commandPath) == "networking " + path.joined(separator: " "))
        }
        #expect(try CommandTable.parse(["cache"]).commandPath == ["cache", "info"])
        #expect(try CommandTable.parse(["--version"]).commandPath == ["--version"])
    }

    @Test func helpListsEveryCommandSubcommandArgumentAndOption() {
        let general = Usage.general
        for (path, command) in tree where command.runs {
            let synopsis = (path + command.arguments.map(\.synopsis)).joined(separator: " ")
            #expect(general.contains("\n  \(synopsis)"), "\(synopsis)")
            let own = Usage.text(for: path[0])
            #expect(own.contains("networking \(synopsis)"), "\(synopsis)")
            if path.count > 1 {
                #expect(own.contains("\nsubcommands:\n"), "\(path)")
                #expect(own.contains("\n  \(synopsis.dropFirst(path[0].count + 1))"), "\(synopsis)")
            }
            for argument in command.arguments { #expect(own.contains("\n  \(argument.synopsis) "), "\(argument.name)") }
            for option in command.options { #expect(own.contains("\n  \(option.name)"), "\(option.name)") }
        }
        for command in tool.commands.map(\.summary) {
            #expect(Usage.text(for: command.name).hasPrefix("usage: networking \(command.name)"))
        }
        for option in tool.commonOptionSpecs + tool.standaloneOptions.map(\.spec) {
            #expect(general.contains("  \(option.name)"), "\(option.name)")
        }
    }

    /// An endpoint such as `POST v1/auth/token` is the server's business; help says what the command does. (A
    /// collector's `…/v1/traces` is where the user's own collector listens, and stays.)
    @Test func helpSaysWhatACommandDoesWithoutNamingAnAPIPath() {
        let texts = [Usage.general] + tool.commands.map { Usage.text(for: $0.name) }
        for text in texts {
            #expect(text.range(of: #"(?<![/\w])v[0-9]+/"#, options: .regularExpression) == nil, "\(text)")
        }
    }

    @Test func eachCommandsHelpListsTheCommonOptions() {
        for command in tool.commands.map(\.summary) {
            let own = Usage.text(for: command.name)
            #expect(own.contains("\n\ncommon options:\n"), "\(command.name)")
            for option in tool.commonOptionSpecs {
                #expect(own.contains("\n  \(option.name) "), "\(command.name): \(option.name)")
            }
        }
    }

    @Test func theSortChoicesAreTheFeaturesSorts() throws {
        let words = QuestionsQuery.Sort.allCases.map(\.rawValue)

        #expect(Usage.text(for: "questions").contains("[--sort \(words.joined(separator: "|"))]"))
        for sort in QuestionsQuery.Sort.allCases {
            #expect(
                try CommandTable.parse(["questions", "--sort", sort.rawValue]).command
                    == .questions(QuestionsOptions(sort: sort)))
        }
    }

    @Test func theHelpReadsItsDefaultsFromTheSettings() {
        let query = QuestionsQuery()

        #expect(Usage.general.contains("(default \(Settings.defaultQuestionsURL))"))
        #expect(Usage.general.contains("(default \(Settings.defaultTokenURL))"))
        #expect(Usage.general.contains("(default \(Settings.defaultTimeout.components.seconds);"))
        #expect(Usage.text(for: "questions").contains("--page-size \(query.pageSize) --page \(query.page)"))
        #expect(Usage.text(for: "question").contains("(default \(query.site))"))
    }

    @Test(arguments: Shell.allCases)
    func everyCompletionScriptOffersEveryCommandSubcommandAndOption(shell: Shell) {
        let script = tool.completionScript(for: shell)
        let options =
            tool.commonOptionSpecs + tool.standaloneOptions.map(\.spec) + tree.flatMap(\.command.options)
        for (path, _) in tree {
            let command =
                switch shell {
                case .bash: "'\(path.joined(separator: " "))') words="
                case .zsh: "\n_networking_\(path.joined(separator: "_"))() {"
                case .fish: "-a \(path[path.count - 1]) -d "
                }
            #expect(script.contains(command), "\(shell): \(path)")
        }
        for option in options {
            let spelling = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
            #expect(script.contains(spelling), "\(shell): \(option.name)")
        }
    }

    @Test func theVersionHasOneSource() throws {
        #expect(try CommandTable.parse(["--version"]).command == .version)
        #expect(HTTPClientFactory.userAgent == "networking/\(NetworkingVersion.current)")
    }

    @Test func versionAndCompletionScriptsGoToStandardOutput() async {
        for (arguments, expected) in [
            (["--version"], NetworkingVersion.current + "\n"),
            (["--generate-completion-script", "bash"], tool.completionScript(for: .bash)),
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
            try CommandTable.parse(["--generate-completion-script", "zsh"]).command == .completionScript(.zsh))
        #expect(try CommandTable.parse(["--generate-completion-script=fish"]).command == .completionScript(.fish))
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
        let command = message.hasPrefix("--json") ? "questions" : nil
        #expect(throws: UsageError(description: message, command: command)) {
            try CommandTable.parse(arguments)
        }
    }

    /// A word that `argument` takes.
    private func sampleArgument(_ argument: ArgumentSpec) -> String {
        argument.completion == .file ? "/tmp/file" : "1"
    }

    private func sampleValue(for option: OptionSpec) -> String? {
        switch option.value {
        case .none: nil
        case .text:
            switch option.name {
            case "--base-url": "http://127.0.0.1:1"
            case "--pinnedpubkey": "sha256//" + Data(repeating: 1, count: 32).base64EncodedString()
            default: "1"
            }
        case .choice(_, let words): words.first
        case .file: "/tmp/file"
        }
    }
}
