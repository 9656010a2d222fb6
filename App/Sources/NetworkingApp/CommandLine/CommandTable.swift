import Foundation

/// Every command and option of `networking`, in one table: the parser, the help texts and the shell
/// completion scripts all read it, so an option added here is parsed, documented and completed.
///
/// To add an option: add an ``OptionSpec`` to ``CommandTable/commonOptions`` (every command) or to a
/// command's `options`, then give its name a case in `CommandLineParser.apply(_:value:)`.
enum CommandTable {
    /// Options every command accepts, before or after the command's name.
    static let commonOptions: [OptionSpec] = [
        OptionSpec(
            "--base-url", value: .text("URL"), help: "server to talk to (replaces scheme, host and path prefix)"),
        OptionSpec(
            "--verbose", short: "-v", help: "log every request and response to standard error (secrets redacted)"),
        OptionSpec(
            "--record", value: .file("FILE.har"),
            help:
                "also write every request and response to FILE.har (HAR 1.2, secrets\n"
                + "redacted; written when the command fails too)"
        ),
        OptionSpec(
            "--replay", value: .file("FILE.har"), help: "answer every request from FILE.har instead of the network"),
        OptionSpec(
            "--timeout", value: .text("SECONDS"),
            help: "give up after SECONDS of network work in total, retries included\n(default 30; fractions allowed)"),
        OptionSpec(
            "--transport", value: .choice("NAME", TransportChoice.allCases.map(\.rawValue)),
            help: "send with libcurl or URLSession (default \(TransportChoice.platformDefault.rawValue) here)"),
        OptionSpec("--help", short: "-h", help: "show help (also: networking help COMMAND)"),
    ]

    /// The options both Stack Exchange commands share.
    private static let stackExchangeOptions: [OptionSpec] = [
        OptionSpec("--site", value: .text("NAME"), help: "the Stack Exchange site's API name (default stackoverflow)"),
        OptionSpec("--no-cache", help: "ask the server even when a fresh answer is cached, and cache the new one"),
        OptionSpec("--offline", help: "answer from the cache only; exit 1 when the answer is not cached"),
    ]

    /// What both Stack Exchange commands' help says about the cache.
    private static let cacheNotes = """
        Answers are cached (Stack Exchange answers for 60 s, avatars as their headers say); a cached answer
        prints a note with its age on standard error. While the API's backoff holds, answers come from the
        cache or the command exits 2 without sending a request.
        """

    /// Options that stand alone instead of a command.
    static let toolOptions: [OptionSpec] = [
        OptionSpec("--version", help: "print the version of networking"),
        OptionSpec(
            "--generate-completion-script", value: .choice("SHELL", Shell.allCases.map(\.rawValue)),
            help: "print a completion script for bash, zsh or fish"),
    ]

    /// The commands, in the order help lists them.
    static let commands: [CommandSpec] = [
        CommandSpec(
            topic: .questions,
            listing: [("questions", "top Stack Exchange questions")],
            discussion: """
                Lists top questions on Stack Overflow (defaults: --tagged swiftui --page-size 10 --page 1 --sort votes).
                """,
            options: [
                OptionSpec(
                    "--tagged", value: .text("TAG"), help: "only questions with this tag (several: \"swift;swiftui\")"),
                OptionSpec("--page-size", value: .text("N"), help: "questions per page, 1 to 100"),
                OptionSpec("--page", value: .text("N"), help: "page number, from 1"),
                OptionSpec(
                    "--sort", value: .choice("ORDER", QuestionsOptions.sorts),
                    help: "votes, activity or creation (highest first)"),
            ] + stackExchangeOptions + [OptionSpec("--json", help: "print a JSON document instead of a table")],
            notes: cacheNotes),
        CommandSpec(
            topic: .question, arguments: "ID",
            listing: [("question ID", "one question with its body and its owner's avatar")],
            discussion: "Shows one question with its body as text, then fetches its owner's avatar.",
            options: [OptionSpec("--save-avatar", value: .file("PATH"), help: "also write the avatar image to PATH")]
                + stackExchangeOptions + [OptionSpec("--json", help: "print a JSON document instead of text")],
            notes: cacheNotes),
        CommandSpec(
            topic: .token,
            otherUsages: [
                "networking token update NEW_TOKEN",
                "networking token update -          (reads the new token from standard input)",
            ],
            listing: [
                ("token", "the stored token of the token API"),
                ("token update VALUE", "store a new token (VALUE \"-\" reads it from standard input)"),
            ],
            discussion: """
                Reads or replaces the token stored by the token API. Calls are authenticated with
                NETWORKING_ACCESS_TOKEN; when it is missing or rejected (401), a fresh access token is
                requested from the server's token-issuing endpoint (POST v1/auth/token) once.
                """,
            subcommands: ["update"]),
        CommandSpec(
            topic: .cache, arguments: "info",
            otherUsages: ["networking cache clear"],
            listing: [
                ("cache info", "where the response cache is, and what it holds"),
                ("cache clear", "empty the response cache, backoff waits included"),
            ],
            discussion: """
                Shows or empties the response cache of questions, question and avatars. "info" (the default)
                prints its directory, entry count and size, or why caching is disabled; "clear" removes every
                entry and every Stack Exchange backoff wait, and says what it removed.
                """,
            subcommands: CacheAction.allCases.map(\.rawValue)),
    ]

    /// The command called `name`, if any.
    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// The option spelled `spelling` (long or short) that `topic` accepts, if any.
    static func option(_ spelling: String, for topic: HelpTopic) -> OptionSpec? {
        let candidates = commonOptions + (commands.first { $0.topic == topic }?.options ?? [])
        return candidates.first { $0.name == spelling || $0.short == spelling }
    }
}

/// One command: its name, usage lines, help and options.
struct CommandSpec: Sendable {
    /// The help topic, whose raw value is the command's name.
    let topic: HelpTopic
    /// Positional arguments in the usage line, for example `"ID"`.
    var arguments = ""
    /// Further usage lines, after the generated one.
    var otherUsages: [String] = []
    /// Lines in the general help's command list: (synopsis, summary).
    var listing: [(String, String)]
    /// The paragraph of the command's own help.
    var discussion: String
    /// The command's own options (besides the common ones).
    var options: [OptionSpec] = []
    /// A paragraph after the options in the command's help, or empty.
    var notes = ""
    /// Words accepted as the first argument, offered by completion.
    var subcommands: [String] = []

    /// The command's name on the command line.
    var name: String { topic.rawValue }
}

/// One option: its spellings, the value it takes and its help line.
struct OptionSpec: Sendable, Equatable {
    /// The long spelling, for example `"--page-size"`.
    let name: String
    /// The short spelling, for example `"-v"`, if any.
    let short: String?
    /// What follows the option, if anything.
    let value: OptionValue
    /// The help text; a "\n" starts a continuation line in `--help` (completion scripts show one line).
    let help: String

    /// The help text on one line, for completion scripts.
    var oneLineHelp: String {
        help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    init(_ name: String, short: String? = nil, value: OptionValue = .none, help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
    }
}

/// The value an option takes: none (a flag), free text, one of fixed words, or a file path.
enum OptionValue: Sendable, Equatable {
    case none
    case text(String)
    case choice(String, [String])
    case file(String)

    /// The value's name in usage texts (`N`, `URL`), or `nil` for a flag.
    var placeholder: String? {
        switch self {
        case .none: nil
        case .text(let name), .choice(let name, _), .file(let name): name
        }
    }
}

/// A shell `networking --generate-completion-script` writes for.
enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}
