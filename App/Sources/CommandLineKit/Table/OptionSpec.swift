import Foundation

/// What help and completion know of an option: its spellings, the value it takes and its help line.
public struct OptionSpec: Sendable, Equatable {
    /// The long spelling, for example `"--page-size"`.
    public let name: String
    /// The short spelling, for example `"-v"`, if any.
    public let short: String?
    /// What follows the option, if anything.
    public let value: OptionValue
    /// The help text; a "\n" starts a continuation line in help (completion scripts show one line).
    public let help: String

    /// Creates a description.
    public init(_ name: String, short: String? = nil, value: OptionValue = .none, help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
    }

    /// The help text on one line, for completion scripts.
    public var oneLineHelp: String {
        help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Whether `spelling` is this option's long or short spelling.
    func isSpelled(_ spelling: String) -> Bool {
        name == spelling || short == spelling
    }
}
