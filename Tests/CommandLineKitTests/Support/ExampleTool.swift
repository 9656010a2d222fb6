import CommandLineKit

/// A small tool built with CommandLineKit, as an app would build one: `greet NAME [--times N] [--loud]
/// [--tone calm|warm]` and `count`, with `--verbose` and `--prefix TEXT` on every command.
enum ExampleTool {
    struct Common: Equatable, Sendable {
        var verbose = false
        var prefix: String?
    }

    enum Tone: String, CaseIterable, Sendable {
        case calm, warm
    }

    struct GreetOptions: Equatable, Sendable {
        var times: Int?
        var loud = false
        var tone: Tone?
    }

    enum Request: Equatable, Sendable {
        case greet(String, GreetOptions)
        case count
        case version
        case completion(Shell)
    }

    static let tool = CommandLineTool<Common, Request>(
        name: "example", defaults: Common(),
        commonOptions: [
            .flag("--verbose", short: "-v", help: "say more", \.verbose),
            Option("--prefix", "TEXT", help: "put TEXT first\nof every line", \.prefix, .text),
        ],
        standaloneOptions: [
            StandaloneOption("--version", help: "print the version") { .version },
            .completionScript { .completion($0) },
        ],
        commands: [greet, count], epilogue: "exit status: 0 success, 64 usage error")

    static let greet = Subcommand<Request>(
        "greet", arguments: "NAME", listing: [("greet NAME", "greet someone")], discussion: "Greets NAME.",
        notes: "Greetings are free.", defaults: GreetOptions(),
        options: [
            Option("--times", "N", help: "how often, 1 to 3", \.times, .integer(in: 1...3)),
            .flag("--loud", help: "in capitals", \.loud),
            Option("--tone", "TONE", help: "how it sounds", \.tone, .choice),
        ]
    ) { options, positionals throws(UsageError) in
        guard let name = positionals.first else { throw positionals.error("missing NAME") }
        try positionals.expect(atMost: 1)
        return .greet(name, options)
    }

    static let count = Subcommand<Request>(
        "count", listing: [("count", "count to three")], discussion: "Counts.", subcommands: ["up", "down"],
        defaults: ()
    ) { _, positionals throws(UsageError) in
        try positionals.expect(atMost: 1)
        return .count
    }
}
