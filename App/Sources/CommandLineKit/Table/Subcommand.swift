/// A command of a command table, the way a `ParsableCommand` declares itself: its help, its typed positional
/// arguments and options bound to an options value of its own, its subcommands, and how the parsed value
/// becomes `Result`.
///
/// Subcommands nest: `files download NAME` is the `download` subcommand of `files`, with its own arguments and
/// options. A command either runs by itself (it has `make`) or is a group whose `defaultSubcommand` runs when
/// none is named.
public struct Subcommand<Result>: Sendable {
    /// What help and completion show of this command alone (its subcommands' summaries included).
    public let summary: CommandSummary
    /// The subcommands, in the order help lists them.
    public let subcommands: [Subcommand<Result>]
    private let start: (@Sendable () -> Parsing)?

    /// The parse of one command line: options applied one by one to the command's options value, then the
    /// arguments, then the result made from it.
    struct Parsing {
        let apply: (_ option: Int, _ value: String?, _ context: OptionContext) throws(UsageError) -> Void
        let finish: (_ words: [String], _ command: String?) throws(UsageError) -> Result
    }

    /// Creates a command that runs by itself.
    /// - Parameters:
    ///   - name: The command's name on the command line.
    ///   - abstract: One line on what it does, for command lists and completion.
    ///   - discussion: The paragraph of the command's own help.
    ///   - notes: A paragraph after the options in the command's help, or empty.
    ///   - defaults: The options value before any argument or option is applied (a required argument's
    ///     property holds a placeholder until then: `make` only runs once every argument was applied).
    ///   - arguments: The positional arguments, in order, each bound to `Options`.
    ///   - options: The command's own options, each bound to `Options`.
    ///   - subcommands: Commands named after this one's name (`files download`).
    ///   - make: The result, from the options value once every argument and option was applied.
    public init<Options: Sendable>(
        _ name: String, abstract: String, discussion: String = "", notes: String = "", defaults: Options,
        arguments: [Argument<Options>] = [], options: [Option<Options>] = [], subcommands: [Subcommand] = [],
        make: @escaping @Sendable (Options) throws(UsageError) -> Result
    ) {
        summary = CommandSummary(
            name: name, abstract: abstract, discussion: discussion, notes: notes, arguments: arguments.map(\.spec),
            options: options.map(\.spec), subcommands: subcommands.map(\.summary), defaultSubcommand: nil, runs: true)
        self.subcommands = subcommands
        start = {
            var value = defaults
            return Parsing(
                apply: { index, text, context throws(UsageError) in
                    try options[index].apply(to: &value, value: text, context: context)
                },
                finish: { words, command throws(UsageError) in
                    try Self.assign(words, to: arguments, of: &value, command: command)
                    return try make(value)
                })
        }
    }

    /// Creates a group: a command that holds subcommands and runs `defaultSubcommand` when none is named.
    /// - Parameters:
    ///   - name: The command's name on the command line.
    ///   - abstract: One line on what its subcommands do, for completion.
    ///   - discussion: The paragraph of the command's own help.
    ///   - subcommands: Its subcommands.
    ///   - defaultSubcommand: The name of the subcommand that runs when none is named.
    public init(
        _ name: String, abstract: String, discussion: String = "", subcommands: [Subcommand],
        defaultSubcommand: String
    ) {
        summary = CommandSummary(
            name: name, abstract: abstract, discussion: discussion, notes: "", arguments: [], options: [],
            subcommands: subcommands.map(\.summary), defaultSubcommand: defaultSubcommand, runs: false)
        self.subcommands = subcommands
        start = nil
    }

    /// The command's name on the command line.
    public var name: String { summary.name }

    /// The subcommand called `name`, if any.
    public func subcommand(named name: String) -> Subcommand? {
        subcommands.first { $0.name == name }
    }

    /// A fresh parse, from the defaults; `nil` for a group.
    func parsing() -> Parsing? {
        start?()
    }

    /// Gives each argument its words in order (a repeating one takes the rest), once no word is missing or
    /// left over; `command` names the help that errors show.
    private static func assign<Options>(
        _ words: [String], to arguments: [Argument<Options>], of value: inout Options, command: String?
    ) throws(UsageError) {
        var rest = words[...]
        var taken: [(Argument<Options>, [String])] = []
        for argument in arguments {
            let count = argument.spec.repeats ? rest.count : min(1, rest.count)
            guard count > 0 else { throw UsageError(description: argument.missing, command: command) }
            taken.append((argument, Array(rest.prefix(count))))
            rest = rest.dropFirst(count)
        }
        if let extra = rest.first { throw UsageError(description: "unexpected argument '\(extra)'", command: command) }
        for (argument, words) in taken {
            try argument.apply(words, to: &value, context: OptionContext(option: argument.spec.name, command: command))
        }
    }
}
