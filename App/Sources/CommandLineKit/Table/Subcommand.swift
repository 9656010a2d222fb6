/// A command of a command table: its help, its options bound to an options value of its own, and how the
/// parsed options and arguments become `Result`.
public struct Subcommand<Result>: Sendable {
    /// What help and completion show.
    public let summary: CommandSummary
    private let start: @Sendable () -> Parsing

    /// The parse of one command line: options applied one by one to the command's options value, then the
    /// result made from it and the positional arguments.
    struct Parsing {
        let apply: (_ option: Int, _ value: String?, _ context: OptionContext) throws(UsageError) -> Void
        let finish: (Positionals) throws(UsageError) -> Result
    }

    /// Creates a command.
    /// - Parameters:
    ///   - name: The command's name on the command line.
    ///   - arguments: Positional arguments in the usage line, for example `"ID"`.
    ///   - otherUsages: Further usage lines.
    ///   - listing: Lines in the general help's command list: (synopsis, summary).
    ///   - discussion: The paragraph of the command's own help.
    ///   - notes: A paragraph after the options in the command's help, or empty.
    ///   - subcommands: Words accepted as the first argument, offered by completion.
    ///   - defaults: The options value before any option is applied.
    ///   - options: The command's own options, each bound to `Options`.
    ///   - make: The result, from the options value and the positional arguments.
    public init<Options: Sendable>(
        _ name: String, arguments: String = "", otherUsages: [String] = [],
        listing: [(synopsis: String, summary: String)], discussion: String, notes: String = "",
        subcommands: [String] = [], defaults: Options, options: [Option<Options>] = [],
        make: @escaping @Sendable (Options, Positionals) throws(UsageError) -> Result
    ) {
        summary = CommandSummary(
            name: name, arguments: arguments, otherUsages: otherUsages, listing: listing, discussion: discussion,
            notes: notes, subcommands: subcommands, options: options.map(\.spec))
        start = {
            var value = defaults
            return Parsing(
                apply: { index, text, context throws(UsageError) in
                    try options[index].apply(to: &value, value: text, context: context)
                },
                finish: { positionals throws(UsageError) in try make(value, positionals) })
        }
    }

    /// The command's name on the command line.
    public var name: String { summary.name }

    /// A fresh parse, from the defaults.
    func parsing() -> Parsing {
        start()
    }
}
