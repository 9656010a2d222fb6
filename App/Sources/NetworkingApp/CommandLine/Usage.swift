import NetworkingComposition

/// The help texts of `networking`, generated from ``CommandTable``; the environment section reads the
/// variables and their defaults from ``Settings``.
enum Usage {
    /// The help of `command`, or the general help for `nil`.
    static func text(for command: String?) -> String {
        CommandTable.tool.help(for: command)
    }

    /// The general help.
    static var general: String {
        CommandTable.tool.generalHelp
    }

    /// What follows the options in the general help: the environment and the exit statuses.
    static var epilogue: String {
        """
        environment:
        \(environment)

        exit status: 0 success, 1 network failure (or not cached, with --offline), 2 the server or API
          reported an error (or its backoff holds), 3 the response could not be read, 4 not found,
          5 a local file could not be written, 64 usage error, 70 internal error (a bug)
        """
    }

    /// One row per variable: its name, then its help from column 30, further lines under it.
    private static var environment: String {
        Settings.environmentHelp.map { variable, help in
            let padding = String(repeating: " ", count: max(3, 27 - variable.count))
            let continuation = "\n" + String(repeating: " ", count: 29)
            return "  " + variable + padding + help.replacingOccurrences(of: "\n", with: continuation)
        }
        .joined(separator: "\n")
    }
}
