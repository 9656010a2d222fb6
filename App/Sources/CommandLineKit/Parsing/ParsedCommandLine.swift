/// A command line, parsed: what the common options set, and what was asked for.
public struct ParsedCommandLine<Common, Result> {
    /// What was asked for.
    public enum Action {
        /// Help: a command's (its name), or the tool's (`nil`).
        case help(command: String?)
        /// A command or a standalone option, as the table made it.
        case run(Result)
    }

    /// The common options' value after parsing.
    public var common: Common
    /// What was asked for.
    public var action: Action
    /// The words that name what was asked for, as the table spells them: a command's names from the top-level
    /// one (`["files", "download"]`, a group's default subcommand included), a standalone option's name
    /// (`["--version"]`), or `["help"]`.
    public var path: [String]
}

extension ParsedCommandLine: Sendable where Common: Sendable, Result: Sendable {}
extension ParsedCommandLine.Action: Sendable where Result: Sendable {}
extension ParsedCommandLine: Equatable where Common: Equatable, Result: Equatable {}
extension ParsedCommandLine.Action: Equatable where Result: Equatable {}
