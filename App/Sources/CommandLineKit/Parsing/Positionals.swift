/// The arguments of a command that are not options, in order, with the checks commands make of them.
public struct Positionals: Sendable, Equatable {
    /// The arguments, in order.
    public let values: [String]
    /// The command they were given to.
    public let command: String

    /// Creates positionals of `command`.
    public init(_ values: [String], command: String) {
        self.values = values
        self.command = command
    }

    /// The first argument, if any.
    public var first: String? { values.first }

    /// A usage error that shows the command's help.
    public func error(_ description: String) -> UsageError {
        UsageError(description: description, command: command)
    }

    /// Throws `unexpected argument 'X'` for the first argument past `count`.
    public func expect(atMost count: Int) throws(UsageError) {
        guard values.count > count else { return }
        throw error("unexpected argument '\(values[count])'")
    }
}
