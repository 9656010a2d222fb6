import CommandLineKit
import HTTPCaching
import QuestionsFeature

/// Every command and option of `networking`, in one table: each option carries its own parse (a key path
/// into its command's options, or a closure), and CommandLineKit generates the parser, the help texts and the
/// shell completion scripts from it. An option is written once, here.
enum CommandTable {
    static let tool = CommandLineTool<Invocation, Command>(
        name: "networking", defaults: Invocation(command: .help(nil)), commonOptions: commonOptions,
        standaloneOptions: [
            StandaloneOption("--version", help: "print the version of networking") { .version },
            .completionScript { .completionScript($0) },
        ],
        commands: [questions, question, token, files, cache], epilogue: Usage.epilogue)

    /// Options every command accepts, before or after the command's name.
    private static let commonOptions: [Option<Invocation>] = [
        Option(
            "--base-url", "URL", help: "server to talk to (replaces scheme, host and path prefix)", \.baseURL,
            OptionValues.baseURL),
        .flag(
            "--verbose", short: "-v", help: "log every request and response to standard error (secrets redacted)",
            \.verbose),
        Option(
            "--record", "FILE.har",
            help: "also write every request and response to FILE.har (HAR 1.2, secrets\n"
                + "redacted; written when the command fails too)",
            \.recordPath, .file(needs: "a HAR file path")),
        Option(
            "--replay", "FILE.har", help: "answer every request from FILE.har instead of the network", \.replayPath,
            .file(needs: "a HAR file path")),
        Option(
            "--timeout", "SECONDS",
            help: "give up after SECONDS of network work in total, retries included\n"
                + "(default \(Settings.defaultTimeout.components.seconds); fractions allowed)",
            \.timeout, OptionValues.timeout),
        Option(
            "--transport", "NAME",
            help: "send with libcurl or URLSession (default \(TransportChoice.platformDefault.rawValue) here)",
            \.transport, .choice),
    ]

    private static let questions = Subcommand<Command>(
        "questions", listing: [("questions", "top Stack Exchange questions")],
        discussion: "Lists top questions on Stack Overflow (defaults: \(defaultQuery)).",
        notes: cacheNotes, defaults: QuestionsOptions(), options: questionsOptions
    ) { options, positionals throws(UsageError) in
        try positionals.expect(atMost: 0)
        return .questions(options)
    }

    private static let questionsOptions: [Option<QuestionsOptions>] =
        [
            Option(
                "--tagged", "TAG", help: "only questions with this tag (several: \"swift;swiftui\")", \.tagged,
                OptionValues.tags),
            Option("--page-size", "N", help: "questions per page, 1 to 100", \.pageSize, .integer(in: 1...100)),
            Option("--page", "N", help: "page number, from 1", \.page, .integer(in: 1...Int(Int32.max))),
            Option("--sort", "ORDER", help: "what to sort by (highest first)", \.sort, .choice),
        ] + stackExchangeOptions(site: \.site, cacheMode: \.cacheMode)
        + [.flag("--json", help: "print a JSON document instead of a table", \.json)]

    private static let question = Subcommand<Command>(
        "question", arguments: "ID", listing: [("question ID", "one question with its body and its owner's avatar")],
        discussion: "Shows one question with its body as text, then fetches its owner's avatar.",
        notes: cacheNotes, defaults: QuestionOptions(id: ""), options: questionOptions
    ) { options, positionals throws(UsageError) in
        guard let id = positionals.first else { throw positionals.error("missing question ID") }
        try positionals.expect(atMost: 1)
        let digits = id.drop { $0 == "0" }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw positionals.error("question ID must be a positive number, not '\(id)'")
        }
        var options = options
        options.id = String(digits)
        return .question(options)
    }

    private static let questionOptions: [Option<QuestionOptions>] =
        [Option("--save-avatar", "PATH", help: "also write the avatar image to PATH", \.saveAvatar, .file())]
        + stackExchangeOptions(site: \.site, cacheMode: \.cacheMode)
        + [.flag("--json", help: "print a JSON document instead of text", \.json)]

    private static let token = Subcommand<Command>(
        "token",
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
            \(Settings.Variable.accessToken); when it is missing or rejected (401), a fresh access token is
            requested from the server's token-issuing endpoint (POST v1/auth/token) once.
            """,
        subcommands: ["update"], defaults: ()
    ) { _, positionals throws(UsageError) in
        switch positionals.first {
        case nil:
            return .token
        case "update":
            guard positionals.values.count >= 2 else {
                throw positionals.error("missing NEW_TOKEN (or '-' to read it from standard input)")
            }
            try positionals.expect(atMost: 2)
            let value = positionals.values[1]
            if value == "-" { return .updateToken(.standardInput) }
            guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw positionals.error("NEW_TOKEN must not be empty")
            }
            guard !TokenCommand.hasLineBreak(value) else {
                throw positionals.error("NEW_TOKEN must not hold a line break")
            }
            return .updateToken(.argument(value))
        case let other?:
            throw positionals.error("unknown token subcommand '\(other)'")
        }
    }

    private static let files = Subcommand<Command>(
        "files",
        otherUsages: [
            "networking files download NAME [--output PATH]", "networking files upload FILE...",
        ],
        listing: [
            ("files", "the files stored on the Files API"),
            ("files download NAME", "download a file (a rerun after an interruption resumes)"),
            ("files upload FILE...", "upload files, each under its own name"),
        ],
        discussion: """
            Lists, downloads or uploads files on the Files API (\(Settings.Variable.filesURL), default
            \(Settings.defaultFilesURL)), authenticated like the token API. A download goes to ./NAME unless
            --output says where; it is written beside it as NAME.partial and moved into place when complete, so
            an interrupted download (Ctrl-C exits 130) keeps its bytes and the same command resumes it. On a
            terminal, a progress bar shows on standard error.
            """,
        subcommands: ["download", "upload"], defaults: FilesOptions(), options: filesOptions
    ) { options, positionals throws(UsageError) in
        switch positionals.first {
        case nil:
            guard options.output == nil else { throw positionals.error("--output is only for files download") }
            return .files(json: options.json)
        case "download":
            guard !options.json else { throw positionals.error("--json is only for the files list") }
            guard positionals.values.count >= 2, !positionals.values[1].isEmpty else {
                throw positionals.error("missing the NAME of the file to download")
            }
            try positionals.expect(atMost: 2)
            return .downloadFile(name: positionals.values[1], output: options.output)
        case "upload":
            guard !options.json else { throw positionals.error("--json is only for the files list") }
            guard options.output == nil else { throw positionals.error("--output is only for files download") }
            let paths = Array(positionals.values.dropFirst())
            guard !paths.isEmpty else { throw positionals.error("missing the FILE to upload") }
            guard paths.allSatisfy({ !$0.isEmpty }) else { throw positionals.error("FILE must not be empty") }
            return .uploadFiles(paths)
        case let other?:
            throw positionals.error("unknown files subcommand '\(other)' (download or upload)")
        }
    }

    private static let filesOptions: [Option<FilesOptions>] = [
        .flag("--json", help: "print the list as a JSON document instead of a table", \.json),
        Option(
            "--output", "PATH", help: "where files download writes the file (default ./NAME; a folder takes NAME)",
            \.output, .file()),
    ]

    private static let cache = Subcommand<Command>(
        "cache", arguments: "info", otherUsages: ["networking cache clear"],
        listing: [
            ("cache info", "where the response cache is, and what it holds"),
            ("cache clear", "empty the response cache, backoff waits included"),
        ],
        discussion: """
            Shows or empties the response cache of questions, question and avatars. "info" (the default)
            prints its directory, entry count and size, or why caching is disabled; "clear" removes every
            entry and every Stack Exchange backoff wait, and says what it removed.
            """,
        subcommands: CacheAction.allCases.map(\.rawValue), defaults: ()
    ) { _, positionals throws(UsageError) in
        try positionals.expect(atMost: 1)
        guard let name = positionals.first else { return .cache(.info) }
        guard let action = CacheAction(rawValue: name) else {
            throw positionals.error("unknown cache subcommand '\(name)' (info or clear)")
        }
        return .cache(action)
    }

    /// The options both Stack Exchange commands share, bound to their options' `site` and `cacheMode`.
    private static func stackExchangeOptions<Options>(
        site: WritableKeyPath<Options, String?> & Sendable,
        cacheMode: WritableKeyPath<Options, HTTPCachePolicy.Mode> & Sendable
    ) -> [Option<Options>] {
        [
            Option(
                "--site", "NAME", help: "the Stack Exchange site's API name (default \(QuestionsQuery().site))",
                site, OptionValues.siteName),
            .flag("--no-cache", help: "ask the server even when a fresh answer is cached, and cache the new one") {
                options, context throws(UsageError) in
                try setCacheMode(.reload, at: cacheMode, of: &options, context)
            },
            .flag("--offline", help: "answer from the cache only; exit 1 when the answer is not cached") {
                options, context throws(UsageError) in
                try setCacheMode(.offline, at: cacheMode, of: &options, context)
            },
        ]
    }

    private static func setCacheMode<Options>(
        _ mode: HTTPCachePolicy.Mode, at keyPath: WritableKeyPath<Options, HTTPCachePolicy.Mode>,
        of options: inout Options, _ context: OptionContext
    ) throws(UsageError) {
        guard options[keyPath: keyPath] == .normal || options[keyPath: keyPath] == mode else {
            throw context.error("--no-cache and --offline cannot be used together")
        }
        options[keyPath: keyPath] = mode
    }

    /// The feature's default query, as the options that would ask for it.
    private static var defaultQuery: String {
        let query = QuestionsQuery()
        return "--tagged \(query.tagged.joined(separator: ";")) --page-size \(query.pageSize) --page \(query.page) "
            + "--sort \(query.sort.rawValue)"
    }

    /// What both Stack Exchange commands' help says about the cache.
    private static var cacheNotes: String {
        let freshness = ResponseCache.stackExchangeFreshness.components.seconds
        return """
            Answers are cached (Stack Exchange answers for \(freshness) s, avatars as their headers say); a cached answer
            prints a note with its age on standard error. While the API's backoff holds, answers come from the
            cache or the command exits 2 without sending a request.
            """
    }
}
