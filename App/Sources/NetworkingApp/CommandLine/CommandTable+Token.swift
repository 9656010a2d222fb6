import CommandLineKit
import NetworkingComposition

/// `networking token` and its subcommand `update NEW_TOKEN`.
extension CommandTable {
    static let token = Subcommand<Command>(
        "token", abstract: "the stored token of the token API",
        discussion: """
            Reads or replaces the token stored by the token API. Calls are authenticated with
            \(Settings.Variable.accessToken); when it is missing or rejected (401), the tool asks the token API
            to issue a fresh access token, once, and sends the call again with it.
            """,
        defaults: (), subcommands: [updateToken]
    ) { _ in .token }

    private static let updateToken = Subcommand<Command>(
        "update", abstract: "store a new token (NEW_TOKEN \"-\" reads it from standard input)",
        defaults: TokenSource.argument(""),
        arguments: [
            Argument(
                "NEW_TOKEN", help: "the token to store, or \"-\" to read it from standard input",
                missing: "missing NEW_TOKEN (or '-' to read it from standard input)", OptionValues.newToken
            ) { source, value in source = value }
        ]
    ) { source in .updateToken(source) }
}
