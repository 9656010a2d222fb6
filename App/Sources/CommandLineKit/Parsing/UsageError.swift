/// A command line the tool cannot run: an unknown command or option, a missing or bad value.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in one line.
    public let description: String
    /// The command whose help to show with the error, or `nil` for the tool's general help.
    public let command: String?

    /// Creates an error that shows `command`'s help, or the general help when `command` is `nil`.
    public init(description: String, command: String?) {
        self.description = description
        self.command = command
    }
}
