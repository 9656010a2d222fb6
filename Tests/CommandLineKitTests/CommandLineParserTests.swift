import CommandLineKit
import Testing

struct CommandLineParserTests {
    private typealias Parsed = ParsedCommandLine<ExampleTool.Common, ExampleTool.Request>

    @Test func bindsEachArgumentAndOptionToItsProperty() throws {
        let parsed = try parse("greet", "Ada", "--times", "2", "--loud", "--tone=warm")

        let options = ExampleTool.GreetOptions(name: "Ada", times: 2, loud: true, tone: .warm)
        #expect(parsed.action == .run(.greet(options)))
        #expect(parsed.common == ExampleTool.Common())
    }

    @Test func takesCommonOptionsBeforeAndAfterTheCommand() throws {
        let before = try parse("-v", "--prefix", ">", "greet", "Ada")
        let after = try parse("greet", "--prefix=>", "Ada", "--verbose")

        #expect(before == after)
        #expect(before.common == ExampleTool.Common(verbose: true, prefix: ">"))
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try parse("greet", "--", "--loud").action == .run(.greet(ExampleTool.GreetOptions(name: "--loud"))))
        #expect(try parse("greet", "-").action == .run(.greet(ExampleTool.GreetOptions(name: "-"))))
    }

    @Test func aSubcommandsNameFollowsItsParentsAndItsOptionsMayComeFirst() throws {
        #expect(try parse("count").action == .run(.count(aloud: false)))
        #expect(try parse("count", "--aloud").action == .run(.count(aloud: true)))
        #expect(try parse("count", "down").action == .run(.countDown(from: nil)))
        #expect(try parse("count", "down", "--from", "5").action == .run(.countDown(from: 5)))
        #expect(try parse("count", "--from=5", "-v", "down").action == .run(.countDown(from: 5)))
    }

    @Test func aGroupRunsItsDefaultSubcommandWhenNoneIsNamed() throws {
        #expect(try parse("config").action == .run(.showConfig))
        #expect(try parse("config", "show").action == .run(.showConfig))
        #expect(
            try parse("config", "set", "colour", "blue").action
                == .run(.setConfig(ExampleTool.Setting(key: "colour", value: "blue"))))
    }

    @Test func aRepeatingArgumentTakesEveryRemainingWord() throws {
        #expect(try parse("send", "a", "-v", "b", "--", "-c").action == .run(.send(["a", "b", "-c"])))
    }

    @Test func asksForHelpInEveryWay() throws {
        #expect(try parse("--help").action == .help(command: nil))
        #expect(try parse("help").action == .help(command: nil))
        #expect(try parse("help", "greet").action == .help(command: "greet"))
        #expect(try parse("greet", "-h").action == .help(command: "greet"))
        #expect(try parse("count", "down", "--help").action == .help(command: "count"))
        #expect(throws: UsageError.self) { try parse("count", "--bogus", "--help") }
    }

    @Test func standaloneOptionsStandAlone() throws {
        #expect(try parse("--version").action == .run(.version))
        #expect(try parse("--generate-completion-script", "fish").action == .run(.completion(.fish)))
    }

    @Test func namesWhatWasAskedForAsTheTableSpellsIt() throws {
        #expect(try parse("-v", "greet", "Ada").path == ["greet"])
        #expect(try parse("count", "--from=5", "down").path == ["count", "down"])
        #expect(try parse("config").path == ["config", "show"])
        #expect(try parse("--version").path == ["--version"])
        #expect(try parse("help", "greet").path == ["help"])
        #expect(try parse("count", "down", "--help").path == ["help"])
    }

    @Test(arguments: [
        ([], UsageError(description: "missing command", command: nil)),
        (["-v"], UsageError(description: "missing command", command: nil)),
        (["wave"], UsageError(description: "unknown command 'wave'", command: nil)),
        (["greet", "--colour"], UsageError(description: "unknown option '--colour' for 'greet'", command: "greet")),
        (["count", "--times", "2"], UsageError(description: "unknown option '--times' for 'count'", command: "count")),
        (
            ["count", "down", "--loud"],
            UsageError(description: "unknown option '--loud' for 'count down'", command: "count")
        ),
        (["count", "--from", "2"], UsageError(description: "--from is only for count down", command: "count")),
        (
            ["count", "down", "--aloud"],
            UsageError(description: "--aloud is only for count, not count down", command: "count")
        ),
        (
            ["config", "set", "a", "b", "--from", "2"],
            UsageError(description: "unknown option '--from' for 'config set'", command: "config")
        ),
        (["count", "up"], UsageError(description: "unknown count subcommand 'up'", command: "count")),
        (["count", "down", "3"], UsageError(description: "unexpected argument '3'", command: "count")),
        (
            ["config", "reset"],
            UsageError(description: "unknown config subcommand 'reset' (show or set)", command: "config")
        ),
        (["config", "set"], UsageError(description: "missing the KEY to set", command: "config")),
        (["config", "set", "colour"], UsageError(description: "missing VALUE", command: "config")),
        (["send"], UsageError(description: "missing FILE...", command: "send")),
        (["send", "a", ""], UsageError(description: "FILE needs a file path", command: "send")),
        (
            ["greet", "A", "--times", "4"],
            UsageError(description: "--times must be a whole number from 1 to 3, not '4'", command: "greet")
        ),
        (
            ["greet", "A", "--tone", "cold"],
            UsageError(description: "--tone must be one of calm, warm, not 'cold'", command: "greet")
        ),
        (["greet", "--times"], UsageError(description: "--times needs a value", command: "greet")),
        (["greet", "--times", "--loud"], UsageError(description: "--times needs a value", command: "greet")),
        (["--prefix"], UsageError(description: "--prefix needs a value", command: nil)),
        (["greet", "--loud=yes"], UsageError(description: "--loud takes no value", command: "greet")),
        (["greet", "--help=yes"], UsageError(description: "--help takes no value", command: "greet")),
        (["greet"], UsageError(description: "missing NAME", command: "greet")),
        (["greet", "A", "B"], UsageError(description: "unexpected argument 'B'", command: "greet")),
        (["help", "wave"], UsageError(description: "no help for 'wave': not a command", command: nil)),
        (["--version", "greet"], UsageError(description: "unexpected argument 'greet' after --version", command: nil)),
        (
            ["--generate-completion-script", "tcsh"],
            UsageError(
                description: "--generate-completion-script must be one of bash, zsh, fish, not 'tcsh'", command: nil)
        ),
    ])
    func rejectsBadCommandLinesNamingTheProblemAndTheHelp(arguments: [String], error: UsageError) {
        #expect(throws: error) { try ExampleTool.tool.parse(arguments) }
    }

    @Test func reportsTheFirstMistakeOnTheLine() {
        #expect(
            throws: UsageError(description: "--times must be a whole number from 1 to 3, not '9'", command: "greet")
        ) {
            try parse("greet", "--times", "9", "--colour")
        }
        #expect(throws: UsageError(description: "unknown option '--colour' for 'greet'", command: "greet")) {
            try parse("greet", "--colour", "--times", "9")
        }
        #expect(throws: UsageError(description: "--from is only for count down", command: "count")) {
            try parse("count", "--from", "2", "sideways")
        }
    }

    private func parse(_ arguments: String...) throws(UsageError) -> Parsed {
        try ExampleTool.tool.parse(arguments)
    }
}
