/// The help texts of `networking`, generated from ``CommandTable``.
enum Usage {
    static func text(for topic: HelpTopic) -> String {
        guard let command = CommandTable.commands.first(where: { $0.topic == topic }) else { return general }
        return text(for: command)
    }

    static var general: String {
        let commands = CommandTable.commands.flatMap(\.listing) + [("help COMMAND", "show a command's options")]
        return """
            usage: networking COMMAND [OPTIONS]

            commands:
            \(rows(commands))

            common options:
            \(rows(CommandTable.commonOptions.map(row)))

            other options:
            \(rows(CommandTable.toolOptions.map(row)))

            environment:
              NETWORKING_QUESTIONS_URL   base URL of the questions API (default https://api.stackexchange.com)
              NETWORKING_TOKEN_URL       base URL of the token API (default http://localhost:3000)
              NETWORKING_ACCESS_TOKEN    initial access token for the token API
              NETWORKING_STACKEXCHANGE_KEY   Stack Exchange application key, sent as key= (raises the daily quota)
              NETWORKING_CACHE_DIR       response cache directory (else $XDG_CACHE_HOME/networking, else
                                         $HOME/.cache/networking); `networking cache clear` empties it
              NETWORKING_TIMEOUT         seconds the network work of a command may take (default 30;
                                         --timeout wins)
              NETWORKING_TRANSPORT       curl or urlsession (default \(TransportChoice.platformDefault.rawValue) here;
                                         --transport wins)

            exit status: 0 success, 1 network failure (or not cached, with --offline), 2 the server or API
              reported an error (or its backoff holds), 3 the response could not be read, 4 not found,
              5 a local file could not be written, 64 usage error, 70 internal error (a bug)
            """
    }

    private static func text(for command: CommandSpec) -> String {
        let synopsis =
            ["networking", command.name, command.arguments].filter { !$0.isEmpty }
            + command.options.map(bracketed)
        let usages = [synopsis.joined(separator: " ")] + command.otherUsages
        var text = "usage: " + usages.joined(separator: "\n       ") + "\n\n" + command.discussion
        if !command.options.isEmpty {
            text += "\n" + rows(command.options.map(row))
        }
        if !command.notes.isEmpty {
            text += "\n\n" + command.notes
        }
        return text
    }

    private static func bracketed(_ option: OptionSpec) -> String {
        switch option.value {
        case .none: "[\(option.name)]"
        case .choice(_, let words): "[\(option.name) \(words.joined(separator: "|"))]"
        case .text(let name), .file(let name): "[\(option.name) \(name)]"
        }
    }

    private static func row(_ option: OptionSpec) -> (String, String) {
        ([option.name, option.value.placeholder].compactMap { $0 }.joined(separator: " "), option.help)
    }

    /// Two columns: the right one starts at column 25, and its further lines (after "\n") line up under it.
    private static func rows(_ rows: [(String, String)]) -> String {
        rows.map { left, right in
            let padding = String(repeating: " ", count: max(2, 22 - left.count))
            let continuation = "\n" + String(repeating: " ", count: 24)
            return "  " + left + padding + right.replacingOccurrences(of: "\n", with: continuation)
        }
        .joined(separator: "\n")
    }
}
