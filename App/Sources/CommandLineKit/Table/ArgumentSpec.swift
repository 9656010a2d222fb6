/// What help and completion know of a positional argument: its name, its help line, what a shell may offer
/// for it, and whether it takes every remaining word.
public struct ArgumentSpec: Sendable, Equatable {
    /// The argument's name in usage texts, for example `"ID"`.
    public let name: String
    /// The help text; a "\n" starts a continuation line in help.
    public let help: String
    /// What a shell may offer for the argument.
    public let completion: ValueCompletion
    /// Whether the argument takes one or more words (`FILE...`) instead of exactly one.
    public let repeats: Bool

    /// Creates a description.
    public init(_ name: String, help: String, completion: ValueCompletion = .text, repeats: Bool = false) {
        self.name = name
        self.help = help
        self.completion = completion
        self.repeats = repeats
    }

    /// The argument in a usage line: `ID`, or `FILE...` when it repeats.
    public var synopsis: String {
        repeats ? name + "..." : name
    }
}
