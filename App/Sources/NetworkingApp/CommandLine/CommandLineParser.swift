import CommandLineKit

/// Turns `networking`'s arguments into an ``Invocation`` by ``CommandTable``, or a `UsageError` naming what is
/// wrong.
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let parsed = try CommandTable.tool.parse(arguments)
        var invocation = parsed.common
        switch parsed.action {
        case .help(let command): invocation.command = .help(command)
        case .run(let command): invocation.command = command
        }
        return invocation
    }
}
