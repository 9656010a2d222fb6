/// The command that a command line's words pick within one command's tree: each word that names a
/// subcommand of the command picked so far goes one level down (a group with no word left runs its default
/// subcommand); the words after them are the picked command's arguments.
struct CommandTarget<Result> {
    /// The picked command.
    let command: Subcommand<Result>
    /// Its names from the top-level command (`["files", "download"]`).
    let path: [String]
    /// The words left for its arguments.
    let words: [String]

    init(_ selected: Subcommand<Result>, words: [String]) {
        var command = selected
        var path = [selected.name]
        var rest = words[...]
        while let word = rest.first, let next = command.subcommand(named: word) {
            command = next
            path.append(word)
            rest = rest.dropFirst()
        }
        if rest.isEmpty, let name = command.summary.defaultSubcommand, let next = command.subcommand(named: name) {
            command = next
            path.append(name)
        }
        self.command = command
        self.path = path
        self.words = Array(rest)
    }

    /// The picked command's names, as messages quote them: `files download`.
    var name: String { path.joined(separator: " ") }

    /// The error for a word that names no subcommand where only a subcommand may follow, if there is one.
    func unknownSubcommand(command help: String?) -> UsageError? {
        guard let word = words.first, !command.subcommands.isEmpty,
            !command.summary.runs || command.summary.arguments.isEmpty
        else { return nil }
        return UsageError(description: "unknown \(name) subcommand '\(word)'\(alternatives)", command: help)
    }

    /// The error for a group reached with no subcommand to run.
    func missingSubcommand(command help: String?) -> UsageError {
        UsageError(description: "missing \(name) subcommand\(alternatives)", command: help)
    }

    /// The error for an option that another command of `tree` takes (`--output is only for files download`;
    /// for a command above the picked one: `--json is only for files, not files download`), or that none does.
    func misplacedOption(_ spelling: String, in tree: CommandSummary, command help: String?) -> UsageError {
        guard let owner = tree.tree.first(where: { $0.command.options.contains { $0.isSpelled(spelling) } }),
            let option = owner.command.options.first(where: { $0.isSpelled(spelling) })
        else { return UsageError(description: "unknown option '\(spelling)' for '\(name)'", command: help) }
        let ownerName = owner.path.joined(separator: " ")
        let above = owner.path.count < path.count && Array(path.prefix(owner.path.count)) == owner.path
        let description = "\(option.name) is only for \(ownerName)" + (above ? ", not \(name)" : "")
        return UsageError(description: description, command: help)
    }

    /// The subcommands to choose from, when there is a choice: ` (download or upload)`.
    private var alternatives: String {
        let names = command.subcommands.map(\.name)
        guard let last = names.last, names.count > 1 else { return "" }
        return " (\(names.dropLast().joined(separator: ", ")) or \(last))"
    }
}
