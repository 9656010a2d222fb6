import CommandLineKit
import HTTPCaching
import NetworkingComposition
import QuestionsFeature

/// `networking questions` and `networking question ID`: the Stack Exchange commands.
extension CommandTable {
    static let questions = Subcommand<Command>(
        "questions", abstract: "top Stack Exchange questions",
        discussion: "Lists top questions on Stack Overflow (defaults: \(defaultQuery)).", notes: cacheNotes,
        defaults: QuestionsOptions(), options: questionsOptions
    ) { options in .questions(options) }

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

    static let question = Subcommand<Command>(
        "question", abstract: "one question with its body and its owner's avatar",
        discussion: "Shows one question with its body as text, then fetches its owner's avatar.",
        notes: cacheNotes, defaults: QuestionOptions(id: ""),
        arguments: [
            Argument(
                "ID", help: "the question's number on the site", missing: "missing question ID", OptionValues.questionID
            ) { options, id in options.id = id }
        ],
        options: questionOptions
    ) { options in .question(options) }

    private static let questionOptions: [Option<QuestionOptions>] =
        [Option("--save-avatar", "PATH", help: "also write the avatar image to PATH", \.saveAvatar, .file())]
        + stackExchangeOptions(site: \.site, cacheMode: \.cacheMode)
        + [.flag("--json", help: "print a JSON document instead of text", \.json)]

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
