/// A command line tool's table: its commands (each the root of a tree of subcommands), the options every
/// command takes, the options that stand alone, and the text that ends its help. The parser, the help texts and
/// the completion scripts all read it, so a command, an argument or an option added here is parsed, documented
/// and completed.
///
/// `Common` holds what the common options set; `Result` is what a command line stands for.
public struct CommandLineTool<Common: Sendable, Result>: Sendable {
    /// The tool's name, as typed in a shell.
    public let name: String
    /// The common options' value before any of them is applied.
    public let defaults: Common
    /// Options every command accepts, before or after the command's name (`--help` is added to them).
    public let commonOptions: [Option<Common>]
    /// Options that stand instead of a command.
    public let standaloneOptions: [StandaloneOption<Result>]
    /// The commands, in the order help lists them.
    public let commands: [Subcommand<Result>]
    /// Sections after the generated ones in the general help (environment, exit status), or empty.
    public let epilogue: String

    /// Creates a table.
    public init(
        name: String, defaults: Common, commonOptions: [Option<Common>],
        standaloneOptions: [StandaloneOption<Result>] = [], commands: [Subcommand<Result>], epilogue: String = ""
    ) {
        self.name = name
        self.defaults = defaults
        self.commonOptions = commonOptions
        self.standaloneOptions = standaloneOptions
        self.commands = commands
        self.epilogue = epilogue
    }

    /// `--help` and `-h`, which every command accepts.
    public var helpOption: OptionSpec {
        OptionSpec("--help", short: "-h", help: "show help (also: \(name) help COMMAND)")
    }

    /// The common options as help and completion show them, ``helpOption`` last.
    public var commonOptionSpecs: [OptionSpec] {
        commonOptions.map(\.spec) + [helpOption]
    }

    /// The command called `name`, if any.
    public func command(named name: String) -> Subcommand<Result>? {
        commands.first { $0.name == name }
    }
}
