import CommandLineKit
import Testing

struct CommandLineParserTests {
    private typealias Parsed = ParsedCommandLine<ExampleTool.Common, ExampleTool.Request>

    @Test func bindsEachOptionToItsProperty() throws {
        let parsed = try parse("greet", "Ada", "--times", "2", "--loud", "--tone=warm")

        #expect(parsed.action == .run(.greet("Ada", ExampleTool.GreetOptions(times: 2, loud: true, tone: .warm))))
        #expect(parsed.common == ExampleTool.Common())
    }

    @Test func takesCommonOptionsBeforeAndAfterTheCommand() throws {
        let before = try parse("-v", "--prefix", ">", "greet", "Ada")
        let after = try parse("greet", "--prefix=>", "Ada", "--verbose")

        #expect(before == after)
        #expect(before.common == ExampleTool.Common(verbose: true, prefix: ">"))
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try parse("greet", "--", "--loud").action == .run(.greet("--loud", ExampleTool.GreetOptions())))
        #expect(try parse("greet", "-").action == .run(.greet("-", ExampleTool.GreetOptions())))
    }

    @Test func asksForHelpInEveryWay() throws {
        #expect(try parse("--help").action == .help(command: nil))
        #expect(try parse("help").action == .help(command: nil))
        #expect(try parse("help", "greet").action == .help(command: "greet"))
        #expect(try parse("greet", "-h").action == .help(command: "greet"))
        #expect(throws: UsageError.self) { try parse("count", "--bogus", "--help") }
    }

    @Test func standaloneOptionsStandAlone() throws {
        #expect(try parse("--version").action == .run(.version))
        #expect(try parse("--generate-completion-script", "fish").action == .run(.completion(.fish)))
    }

    @Test(arguments: [
        ([], UsageError(description: "missing command", command: nil)),
        (["-v"], UsageError(description: "missing command", command: nil)),
        (["wave"], UsageError(description: "unknown command 'wave'", command: nil)),
        (["greet", "--colour"], UsageError(description: "unknown option '--colour' for 'greet'", command: "greet")),
        (["count", "--times", "2"], UsageError(description: "unknown option '--times' for 'count'", command: "count")),
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

    private func parse(_ arguments: String...) throws(UsageError) -> Parsed {
        try ExampleTool.tool.parse(arguments)
    }
}
