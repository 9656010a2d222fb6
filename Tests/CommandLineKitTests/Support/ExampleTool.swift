import CommandLineKit

/// A small tool built with CommandLineKit, as an app would build one: `greet NAME [--times N] [--loud]
/// [--tone calm|warm]`, `count [--aloud]` with its subcommand `count down [--from N]`, `send FILE...`, and the group
/// `config show|set KEY VALUE` (`show` by default), with `--verbose` and `--prefix TEXT` on every command.
enum ExampleTool {
    struct Common: Equatable, Sendable {
        var verbose = false
        var prefix: String?
    }

    enum Tone: String, CaseIterable, Sendable {
        case calm, warm
    }

    struct GreetOptions: Equatable, Sendable {
        var name = ""
        var times: Int?
        var loud = false
        var tone: Tone?
    }

    struct Setting: Equatable, Sendable {
        var key = ""
        var value = ""
    }

    enum Request: Equatable, Sendable {
        case greet(GreetOptions)
        case count(aloud: Bool)
        case countDown(from: Int?)
        case send([String])
        case showConfig
        case setConfig(Setting)
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
        commands: [greet, count, send, config], epilogue: "exit status: 0 success, 64 usage error")

    static let greet = Subcommand<Request>(
        "greet", abstract: "greet someone", discussion: "Greets NAME.", notes: "Greetings are free.",
        defaults: GreetOptions(),
        arguments: [Argument("NAME", help: "who to greet", .text) { options, name in options.name = name }],
        options: [
            Option("--times", "N", help: "how often, 1 to 3", \.times, .integer(in: 1...3)),
            .flag("--loud", help: "in capitals", \.loud),
            Option("--tone", "TONE", help: "how it sounds", \.tone, .choice),
        ]
    ) { options in .greet(options) }

    static let count = Subcommand<Request>(
        "count", abstract: "count to three", discussion: "Counts.", defaults: false,
        options: [.flag("--aloud", help: "say each number", \.self)],
        subcommands: [
            Subcommand(
                "down", abstract: "count down to one", defaults: Int?.none,
                options: [Option("--from", "N", help: "where to start", \.self, .integer(in: 1...9))]
            ) { from in .countDown(from: from) }
        ]
    ) { aloud in .count(aloud: aloud) }

    static let send = Subcommand<Request>(
        "send", abstract: "send files", defaults: [String](),
        arguments: [.repeating("FILE", help: "a file to send", \.self, .file())]
    ) { files in .send(files) }

    static let config = Subcommand<Request>(
        "config", abstract: "the settings", discussion: "Shows or changes the settings.",
        subcommands: [
            Subcommand("show", abstract: "show the settings", defaults: ()) { _ in .showConfig },
            Subcommand(
                "set", abstract: "change a setting", defaults: Setting(),
                arguments: [
                    Argument("KEY", help: "the setting's name", missing: "missing the KEY to set", .text) {
                        setting, key in setting.key = key
                    },
                    Argument("VALUE", help: "its new value", .text) { setting, value in setting.value = value },
                ]
            ) { setting in .setConfig(setting) },
        ],
        defaultSubcommand: "show")
}
