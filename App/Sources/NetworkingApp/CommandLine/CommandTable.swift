import CommandLineKit
import NetworkingComposition

/// Every command, subcommand, argument and option of `networking`, as one tree: each command owns its
/// arguments, options and subcommands (`CommandTable+Questions.swift`, `+Token`, `+Files`, `+Cache`), each
/// option and argument carries its own parse, and CommandLineKit generates the parser, the help texts and the
/// shell completion scripts from it. A command or an option is written once, here.
enum CommandTable {
    static let tool = CommandLineTool<Invocation, Command>(
        name: "networking", defaults: Invocation(command: .help(nil)), commonOptions: commonOptions,
        standaloneOptions: [
            StandaloneOption("--version", help: "print the version of networking") { .version },
            .completionScript { .completionScript($0) },
        ],
        commands: [questions, question, token, files, cache], epilogue: Usage.epilogue)

    /// Turns `networking`'s arguments into an ``Invocation`` by ``tool``.
    /// - Throws: `UsageError` naming what is wrong, and which help to show with it.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let parsed = try tool.parse(arguments)
        var invocation = parsed.common
        invocation.commandPath = parsed.path
        switch parsed.action {
        case .help(let command): invocation.command = .help(command)
        case .run(let command): invocation.command = command
        }
        return invocation
    }

    /// Options every command accepts, before or after the command's name.
    private static let commonOptions: [Option<Invocation>] =
        [
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
                "--trace", "FILE.jsonl",
                help: "append the command's OpenTelemetry spans to FILE.jsonl (OTLP/JSON\n"
                    + "Lines; TRACEPARENT sets the parent span)",
                \.tracePath, .file(needs: "a JSON Lines file path")),
            Option(
                "--trace-metrics", "FILE.jsonl",
                help: "append the command's request-duration histogram to FILE.jsonl\n"
                    + "(OTLP/JSON Lines; one signal per file, as --trace)",
                \.traceMetricsPath, .file(needs: "a JSON Lines file path")),
            Option(
                "--write-out", short: "-w", "FORMAT",
                help: "after each HTTP exchange, write FORMAT to standard error with curl's\n"
                    + "variables filled in: %{http_code}, %{time_total}, ... (\\n a new line)",
                \.writeOut, OptionValues.writeOut),
            Option(
                "--timeout", "SECONDS",
                help: "give up after SECONDS of network work in total, retries included\n"
                    + "(default \(Settings.defaultTimeout.components.seconds); fractions allowed)",
                \.timeout, OptionValues.timeout),
            Option(
                "--transport", "NAME",
                help: "send with libcurl or URLSession (default \(TransportChoice.platformDefault.rawValue) here)",
                \.transport, .choice),
            Option(
                "--proxy", "URL",
                help: "send through the proxy at URL ('' to go direct; default: https_proxy,\n"
                    + "http_proxy, all_proxy and no_proxy, as curl reads them)",
                \.proxy, OptionValues.proxy),
        ] + TLSCommandLine.options
}
