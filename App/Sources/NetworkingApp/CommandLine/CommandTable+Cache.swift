import CommandLineKit

/// `networking cache`, a group of `info` (the default) and `clear`.
extension CommandTable {
    static let cache = Subcommand<Command>(
        "cache", abstract: "the response cache: where it is and what it holds, or empty it",
        discussion: """
            Shows or empties the response cache of questions, question and avatars. "info" (the default)
            prints its directory, entry count and size, or why caching is disabled; "clear" removes every
            entry and every Stack Exchange backoff wait, and says what it removed.
            """,
        subcommands: [
            Subcommand("info", abstract: "where the response cache is, and what it holds", defaults: ()) { _ in
                .cache(.info)
            },
            Subcommand("clear", abstract: "empty the response cache, backoff waits included", defaults: ()) { _ in
                .cache(.clear)
            },
        ],
        defaultSubcommand: "info")
}
