/// What help and completion know of a command: its name, usage lines, texts, options and subcommands.
public struct CommandSummary: Sendable {
    /// The command's name on the command line.
    public let name: String
    /// Positional arguments in the usage line, for example `"ID"`.
    public let arguments: String
    /// Further usage lines, after the generated one.
    public let otherUsages: [String]
    /// Lines in the general help's command list: (synopsis, summary).
    public let listing: [(synopsis: String, summary: String)]
    /// The paragraph of the command's own help.
    public let discussion: String
    /// A paragraph after the options in the command's help, or empty.
    public let notes: String
    /// Words accepted as the first argument, offered by completion.
    public let subcommands: [String]
    /// The command's own options (besides the common ones).
    public let options: [OptionSpec]
}
