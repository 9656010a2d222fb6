/// Where an option's value is being parsed: which option, on behalf of which command.
public struct OptionContext: Sendable, Equatable {
    /// The option's long spelling, for example `"--page-size"`.
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
