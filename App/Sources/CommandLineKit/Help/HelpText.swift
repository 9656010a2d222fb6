import Foundation

extension CommandLineTool {
    /// The tool's help: its commands, common options, standalone options, then ``epilogue``.
    public var generalHelp: String {
        let commands =
            self.commands.flatMap(\.summary.listing).map { ($0.synopsis, $0.summary) }
            + [("help COMMAND", "show a command's options")]
        var text = """
            usage: \(name) COMMAND [OPTIONS]

            commands:
            \(HelpText.rows(commands))

            common options:
            \(HelpText.rows(commonOptionSpecs.map(HelpText.row)))
            """
        if !standaloneOptions.isEmpty {
            text += "\n\nother options:\n" + HelpText.rows(standaloneOptions.map(\.spec).map(HelpText.row))
        }
        if !epilogue.isEmpty {
            text += "\n\n" + epilogue
        }
        return text
    }

    /// The help of the command called `command` (its usage, options and the common options), or
    /// ``generalHelp`` for `nil` or a name that is not a command.
    public func help(for command: String?) -> String {
        guard let command, let summary = self.command(named: command)?.summary else { return generalHelp }
        let synopsis =
            [name, summary.name, summary.arguments].filter { !$0.isEmpty } + summary.options.map(HelpText.bracketed)
        let usages = [synopsis.joined(separator: " ")] + summary.otherUsages
        var text = "usage: " + usages.joined(separator: "\n       ") + "\n\n" + summary.discussion
        if !summary.options.isEmpty {
            text += "\n" + HelpText.rows(summary.options.map(HelpText.row))
        }
        if !summary.notes.isEmpty {
            text += "\n\n" + summary.notes
        }
        return text + "\n\ncommon options:\n" + HelpText.rows(commonOptionSpecs.map(HelpText.row))
    }
}

/// The layout of help texts: usage brackets and two-column rows.
enum HelpText {
    /// `[--name VALUE]` for a usage line; fixed words are listed (`[--sort a|b]`).
    static func bracketed(_ option: OptionSpec) -> String {
        switch option.value {
        case .none: "[\(option.name)]"
        case .choice(_, let words): "[\(option.name) \(words.joined(separator: "|"))]"
        case .text(let name), .file(let name): "[\(option.name) \(name)]"
        }
    }

    /// An option's row: its spelling and value name, then its help.
    static func row(_ option: OptionSpec) -> (String, String) {
        ([option.name, option.value.placeholder].compactMap { $0 }.joined(separator: " "), option.help)
    }

    /// Two columns: the right one starts at column 25, and its further lines (after "\n") line up under it.
    static func rows(_ rows: [(String, String)]) -> String {
        rows.map { left, right in
            let padding = String(repeating: " ", count: max(2, 22 - left.count))
            let continuation = "\n" + String(repeating: " ", count: 24)
            return "  " + left + padding + right.replacingOccurrences(of: "\n", with: continuation)
        }
        .joined(separator: "\n")
    }
}
