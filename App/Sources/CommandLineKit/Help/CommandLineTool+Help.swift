extension CommandLineTool {
    /// The tool's help: every command and subcommand that runs, the common options, the standalone options,
    /// then ``epilogue``.
    public var generalHelp: String {
        let commands =
            self.commands.flatMap { command in
                command.summary.tree.filter(\.command.runs).map { path, summary in
                    (HelpText.synopsis(path, summary), summary.abstract)
                }
            }
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

    /// The help of the command called `command`: a usage line for it and for each of its subcommands, its
    /// subcommands, arguments and options, and the common options; ``generalHelp`` for `nil` or a name that
    /// is not a command.
    public func help(for command: String?) -> String {
        guard let command, let summary = self.command(named: command)?.summary else { return generalHelp }
        let tree = summary.tree
        let usages = tree.filter(\.command.runs).map { path, command in
            ([name, HelpText.synopsis(path, command)] + command.options.map(HelpText.bracketed))
                .joined(separator: " ")
        }
        var sections = ["usage: " + usages.joined(separator: "\n       ")]
        if !summary.discussion.isEmpty { sections.append(summary.discussion) }
        let subcommands = tree.dropFirst().filter(\.command.runs).map { path, command in
            (HelpText.synopsis(path.dropFirst(), command), command.abstract)
        }
        if !subcommands.isEmpty { sections.append("subcommands:\n" + HelpText.rows(subcommands)) }
        let arguments = HelpText.unique(tree.flatMap(\.command.arguments), by: \.synopsis)
        if !arguments.isEmpty {
            sections.append("arguments:\n" + HelpText.rows(arguments.map { ($0.synopsis, $0.help) }))
        }
        let options = HelpText.unique(tree.flatMap(\.command.options), by: \.name)
        if !options.isEmpty { sections.append("options:\n" + HelpText.rows(options.map(HelpText.row))) }
        if !summary.notes.isEmpty { sections.append(summary.notes) }
        sections.append("common options:\n" + HelpText.rows(commonOptionSpecs.map(HelpText.row)))
        return sections.joined(separator: "\n\n")
    }
}
