/// Where an option's or an argument's value is being parsed: which one, on behalf of which command.
public struct OptionContext: Sendable, Equatable {
    /// The option's long spelling, for example `"--page-size"`, or the argument's name, for example `"ID"`.
    public let option: String
    /// The command being parsed, or `nil` before the command's name (or for a standalone option).
    public let command: String?

    /// Creates a context.
    public init(option: String, command: String?) {
        self.option = option
        self.command = command
    }

    /// A usage error that shows the current command's help (the general help before a command).
    public func error(_ description: String) -> UsageError {
        UsageError(description: description, command: command)
    }
}
