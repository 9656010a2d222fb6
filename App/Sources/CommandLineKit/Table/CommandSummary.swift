/// What help and completion know of a command: its name, texts, arguments, options and subcommands, a tree
/// as deep as the command's.
public struct CommandSummary: Sendable {
    /// The command's name on the command line.
    public let name: String
    /// One line on what the command does, for command lists and completion.
    public let abstract: String
    /// The paragraph of the command's own help.
    public let discussion: String
    /// A paragraph after the options in the command's help, or empty.
    public let notes: String
    /// The positional arguments, in order.
    public let arguments: [ArgumentSpec]
    /// The command's own options (besides the common ones).
    public let options: [OptionSpec]
    /// The subcommands, in the order help lists them.
    public let subcommands: [CommandSummary]
    /// The subcommand that runs when none is named, if any.
    public let defaultSubcommand: String?
    /// Whether the command runs by itself; `false` for a group that only holds subcommands.
    public let runs: Bool

    /// The command's name and arguments as a usage line shows them: `download NAME`, `upload FILE...`.
    public var synopsis: String {
        ([name] + arguments.map(\.synopsis)).joined(separator: " ")
    }

    /// The subcommand called `name`, if any.
    public func subcommand(named name: String) -> CommandSummary? {
        subcommands.first { $0.name == name }
    }

    /// This command and every command below it, depth first, each with its names from this one
    /// (`["files"]`, `["files", "download"]`, …).
    public var tree: [(path: [String], command: CommandSummary)] {
        [([name], self)] + subcommands.flatMap { $0.tree.map { ([name] + $0.path, $0.command) } }
    }
}
