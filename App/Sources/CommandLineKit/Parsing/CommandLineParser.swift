extension CommandLineTool {
    /// Parses `arguments` (without the program name) by this table.
    ///
    /// Common options may come before or after the command's name; a command's options and arguments follow
    /// its name, and a subcommand's name follows its parent's (`files download NAME`), with options anywhere
    /// after the command's name. Options take their value as the next argument or after `=` (`--page 2`,
    /// `--page=2`); `--` ends options; `help COMMAND`, `COMMAND --help` and `--help` ask for help.
    /// - Throws: ``UsageError`` naming what is wrong, with the help to show.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine<Common, Result> {
        var parser = CommandLineParser(tool: self, arguments: arguments[...])
        return try parser.parse()
    }
}

/// One pass over a command line, by a ``CommandLineTool``'s table.
private struct CommandLineParser<Common: Sendable, Result> {
    let tool: CommandLineTool<Common, Result>
    var arguments: ArraySlice<String>
    var common: Common
    /// The command being parsed, once its name was read.
    var command: String?

    init(tool: CommandLineTool<Common, Result>, arguments: ArraySlice<String>) {
        self.tool = tool
        self.arguments = arguments
        common = tool.defaults
    }

    mutating func parse() throws(UsageError) -> ParsedCommandLine<Common, Result> {
        guard let word = try commandName() else { throw UsageError(description: "missing command", command: nil) }
        let (option, inlineValue) = split(word)
        if option == "help" || tool.helpOption.isSpelled(option) {
            let topic = try helpTopic(arguments.popFirst())
            try expectNothingAfter(option)
            return ParsedCommandLine(common: common, action: .help(command: topic), path: ["help"])
        }
        if let standalone = tool.standaloneOptions.first(where: { $0.spec.isSpelled(option) }) {
            let value = standalone.spec.value == .none ? nil : try value(of: option, inlineValue)
            let result = try standalone.result(value: value, context: context(standalone.spec))
            try expectNothingAfter(option)
            return ParsedCommandLine(common: common, action: .run(result), path: [standalone.spec.name])
        }
        guard let selected = tool.command(named: word) else {
            throw UsageError(description: "unknown command '\(word)'", command: nil)
        }
        command = selected.name
        let (action, path) = try parseCommand(selected)
        return ParsedCommandLine(common: common, action: action, path: path)
    }

    /// Reads the rest of the command line as `selected`'s (or one of its subcommands') options and arguments.
    ///
    /// The words pick the subcommand first; then every option applies in the order given, so the first
    /// mistake on the line is the one reported. Returns what was asked for and the picked command's names, or
    /// `["help"]` for help.
    private mutating func parseCommand(_ selected: Subcommand<Result>) throws(UsageError)
        -> (ParsedCommandLine<Common, Result>.Action, [String])
    {
        let items = scan(selected.summary)
        let target = CommandTarget(selected, words: items.compactMap(\.word))
        let parsing = target.command.parsing()
        var wantsHelp = false
        for item in items {
            switch item {
            case .common(let index, let value):
                let spec = tool.commonOptions[index].spec
                try tool.commonOptions[index].apply(to: &common, value: value, context: context(spec))
            case .help:
                wantsHelp = true
            case .option(let spelling, let value):
                let options = target.command.summary.options
                guard let parsing, let index = options.firstIndex(where: { $0.isSpelled(spelling) }) else {
                    throw target.misplacedOption(spelling, in: selected.summary, command: command)
                }
                try parsing.apply(index, value, context(options[index]))
            case .unknown(let option):
                throw UsageError(description: "unknown option '\(option)' for '\(target.name)'", command: command)
            case .failure(let error):
                throw error
            case .word:
                continue
            }
        }
        if wantsHelp { return (.help(command: selected.name), ["help"]) }
        if let error = target.unknownSubcommand(command: command) { throw error }
        guard let parsing else { throw target.missingSubcommand(command: command) }
        return (.run(try parsing.finish(target.words, command)), target.path)
    }

    /// The rest of the command line as options (with their values) and words, up to the first mistake that
    /// leaves the rest unreadable.
    private mutating func scan(_ selected: CommandSummary) -> [CommandLineItem] {
        let family = selected.tree.flatMap(\.command.options)
        var items: [CommandLineItem] = []
        var optionsEnded = false
        while let argument = arguments.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                items.append(.word(argument))
                continue
            }
            let (option, inlineValue) = split(argument)
            do throws(UsageError) {
                if option == "--" {
                    optionsEnded = true
                } else if let index = tool.commonOptions.firstIndex(where: { $0.spec.isSpelled(option) }) {
                    items.append(.common(index, try optionValue(tool.commonOptions[index].spec, option, inlineValue)))
                } else if tool.helpOption.isSpelled(option) {
                    _ = try optionValue(tool.helpOption, option, inlineValue)
                    items.append(.help)
                } else if let spec = family.first(where: { $0.isSpelled(option) }) {
                    items.append(.option(option, try optionValue(spec, option, inlineValue)))
                } else {
                    items.append(.unknown(option))
                    return items
                }
            } catch {
                items.append(.failure(error))
                return items
            }
        }
        return items
    }

    /// Applies common options that come before the command, then returns the command's name.
    private mutating func commandName() throws(UsageError) -> String? {
        while let argument = arguments.popFirst() {
            let (option, inlineValue) = split(argument)
            guard let index = tool.commonOptions.firstIndex(where: { $0.spec.isSpelled(option) }) else {
                return argument
            }
            let spec = tool.commonOptions[index].spec
            let value = try optionValue(spec, option, inlineValue)
            try tool.commonOptions[index].apply(to: &common, value: value, context: context(spec))
        }
        return nil
    }

    private func context(_ spec: OptionSpec) -> OptionContext {
        OptionContext(option: spec.name, command: command)
    }

    private func helpTopic(_ name: String?) throws(UsageError) -> String? {
        guard let name else { return nil }
        guard let command = tool.command(named: name) else {
            throw UsageError(description: "no help for '\(name)': not a command", command: nil)
        }
        return command.name
    }

    private func expectNothingAfter(_ option: String) throws(UsageError) {
        guard let extra = arguments.first else { return }
        throw UsageError(description: "unexpected argument '\(extra)' after \(option)", command: nil)
    }

    /// The value of `option`: `nil` for a flag (which must have no `=value`), else the inline or next argument.
    private mutating func optionValue(_ spec: OptionSpec, _ option: String, _ inlineValue: String?)
        throws(UsageError) -> String?
    {
        guard spec.value != .none else {
            guard inlineValue == nil else {
                throw UsageError(description: "\(option) takes no value", command: command)
            }
            return nil
        }
        return try value(of: option, inlineValue)
    }

    private mutating func value(of option: String, _ inlineValue: String?) throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = arguments.popFirst(), !next.hasPrefix("--") else {
            throw UsageError(description: "\(option) needs a value", command: command)
        }
        return next
    }

    /// `--name=value` as its name and value; anything else as it is.
    private func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
