extension CommandLineTool {
    /// Parses `arguments` (without the program name) by this table.
    ///
    /// Common options may come before or after the command's name; options take their value as the next
    /// argument or after `=` (`--page 2`, `--page=2`); `--` ends options; `help COMMAND`, `COMMAND --help` and
    /// `--help` ask for help.
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
            return ParsedCommandLine(common: common, action: .help(command: topic))
        }
        if let standalone = tool.standaloneOptions.first(where: { $0.spec.isSpelled(option) }) {
            let value = standalone.spec.value == .none ? nil : try value(of: option, inlineValue)
            let result = try standalone.result(value: value, context: context(standalone.spec))
            try expectNothingAfter(option)
            return ParsedCommandLine(common: common, action: .run(result))
        }
        guard let selected = tool.command(named: word) else {
            throw UsageError(description: "unknown command '\(word)'", command: nil)
        }
        command = selected.name
        let action = try parseCommand(selected)
        return ParsedCommandLine(common: common, action: action)
    }

    /// Reads the rest of the command line as `selected`'s options and arguments.
    private mutating func parseCommand(_ selected: Subcommand<Result>) throws(UsageError)
        -> ParsedCommandLine<Common, Result>.Action
    {
        let parsing = selected.parsing()
        var positionals: [String] = []
        var wantsHelp = false
        var optionsEnded = false
        while let argument = arguments.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            let (option, inlineValue) = split(argument)
            if option == "--" {
                optionsEnded = true
            } else if try applyCommonOption(option, inlineValue) {
                continue
            } else if tool.helpOption.isSpelled(option) {
                _ = try optionValue(tool.helpOption, option, inlineValue)
                wantsHelp = true
            } else if let index = selected.summary.options.firstIndex(where: { $0.isSpelled(option) }) {
                let spec = selected.summary.options[index]
                try parsing.apply(index, try optionValue(spec, option, inlineValue), context(spec))
            } else {
                throw UsageError(description: "unknown option '\(option)' for '\(selected.name)'", command: command)
            }
        }
        if wantsHelp { return .help(command: selected.name) }
        return .run(try parsing.finish(Positionals(positionals, command: selected.name)))
    }

    /// Applies common options that come before the command, then returns the command's name.
    private mutating func commandName() throws(UsageError) -> String? {
        while let argument = arguments.popFirst() {
            let (option, inlineValue) = split(argument)
            guard try applyCommonOption(option, inlineValue) else { return argument }
        }
        return nil
    }

    /// Applies `option` when it is a common option; returns whether it was one.
    private mutating func applyCommonOption(_ option: String, _ inlineValue: String?) throws(UsageError) -> Bool {
        guard let index = tool.commonOptions.firstIndex(where: { $0.spec.isSpelled(option) }) else { return false }
        let spec = tool.commonOptions[index].spec
        let value = try optionValue(spec, option, inlineValue)
        try tool.commonOptions[index].apply(to: &common, value: value, context: context(spec))
        return true
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
