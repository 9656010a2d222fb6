import Foundation
import HTTPCaching

/// Turns `networking`'s arguments into an ``Invocation``, or a ``UsageError`` naming what is wrong.
///
/// Options take their value as the next argument or after `=` (`--page 2`, `--page=2`); `--` ends options.
struct CommandLineParser {
    private var arguments: ArraySlice<String>
    private var invocation = Invocation(command: .help(.general))
    private var positionals: [String] = []
    private var wantsHelp = false
    private(set) var topic = HelpTopic.general
    private var questions = QuestionsOptions()
    private var question = QuestionOptions(id: "")
    private var json = false
    private var site: String?

    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var parser = CommandLineParser(arguments: arguments[...])
        return try parser.parse()
    }

    private init(arguments: ArraySlice<String>) {
        self.arguments = arguments
    }

    private mutating func parse() throws(UsageError) -> Invocation {
        guard let name = try commandName() else {
            throw UsageError(description: "missing command", topic: .general)
        }
        let (option, inlineValue) = split(name)
        switch option {
        case "--help", "-h", "help":
            invocation.command = .help(try helpTopic(arguments.popFirst()))
            try expectNothingAfter(option)
            return invocation
        case "--version":
            try expectNothingAfter(option)
            invocation.command = .version
            return invocation
        case "--generate-completion-script":
            invocation.command = .completionScript(try shell(try value(of: option, inlineValue)))
            try expectNothingAfter(option)
            return invocation
        default:
            guard let command = CommandTable.command(named: name) else {
                throw UsageError(description: "unknown command '\(name)'", topic: .general)
            }
            topic = command.topic
        }
        var optionsEnded = false
        while let argument = arguments.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            let (option, inlineValue) = split(argument)
            if option == "--" {
                optionsEnded = true
                continue
            }
            guard let spec = CommandTable.option(option, for: topic) else {
                throw UsageError(description: "unknown option '\(option)' for '\(topic.rawValue)'", topic: topic)
            }
            try apply(spec, value: try optionValue(spec, option, inlineValue))
        }
        if wantsHelp {
            invocation.command = .help(topic)
            return invocation
        }
        questions.site = site
        question.site = site
        invocation.command = try command(questions: questions, question: question, json: json)
        return invocation
    }

    /// Gives an option from ``CommandTable`` its effect; every option in the table has a case here.
    private mutating func apply(_ option: OptionSpec, value: String?) throws(UsageError) {
        let text = value ?? ""
        switch option.name {
        case "--help": wantsHelp = true
        case "--verbose": invocation.verbose = true
        case "--base-url": invocation.baseURL = try Self.baseURL(text)
        case "--json": json = true
        case "--tagged": questions.tagged = try tag(text)
        case "--page-size": questions.pageSize = try number(option.name, text, in: 1...100)
        case "--page": questions.page = try number(option.name, text, in: 1...Int(Int32.max))
        case "--sort": questions.sort = try sort(text)
        case "--save-avatar": question.saveAvatar = try path(text)
        case "--record", "--replay": try archiveOption(option.name, text)
        case "--site": site = try siteName(text)
        case "--timeout": invocation.timeout = try Self.timeout(text, source: option.name)
        case "--transport": invocation.transport = try TransportChoice.named(text, source: option.name)
        case "--no-cache": try setCacheMode(.reload)
        case "--offline": try setCacheMode(.offline)
        default:
            throw UsageError(description: "option '\(option.name)' is not implemented", topic: topic)
        }
    }

    /// Reads common options that come before the command, then the command's name.
    private mutating func commandName() throws(UsageError) -> String? {
        while let argument = arguments.popFirst() {
            let (option, inlineValue) = split(argument)
            guard let spec = CommandTable.commonOptions.first(where: { $0.name == option || $0.short == option }),
                spec.name != "--help"
            else { return argument }
            try apply(spec, value: try optionValue(spec, option, inlineValue))
        }
        return nil
    }

    private mutating func setCacheMode(_ mode: HTTPCachePolicy.Mode) throws(UsageError) {
        guard invocation.cacheMode == .normal || invocation.cacheMode == mode else {
            throw UsageError(description: "--no-cache and --offline cannot be used together", topic: topic)
        }
        invocation.cacheMode = mode
    }

    /// `--record FILE` or `--replay FILE`: a non-empty path.
    private mutating func archiveOption(_ option: String, _ text: String) throws(UsageError) {
        guard !text.isEmpty else { throw UsageError(description: "\(option) needs a HAR file path", topic: topic) }
        if option == "--record" { invocation.recordPath = text } else { invocation.replayPath = text }
    }

    private func expectNothingAfter(_ option: String) throws(UsageError) {
        guard let extra = arguments.first else { return }
        throw UsageError(description: "unexpected argument '\(extra)' after \(option)", topic: .general)
    }

    private mutating func optionValue(_ spec: OptionSpec, _ option: String, _ inlineValue: String?) throws(UsageError)
        -> String?
    {
        guard spec.value != .none else {
            guard inlineValue == nil else {
                throw UsageError(description: "\(option) takes no value", topic: topic)
            }
            return nil
        }
        return try value(of: option, inlineValue)
    }

    private func command(questions: QuestionsOptions, question: QuestionOptions, json: Bool) throws(UsageError)
        -> Command
    {
        switch topic {
        case .questions:
            try expectPositionals(0)
            var options = questions
            options.json = json
            return .questions(options)
        case .question:
            guard let id = positionals.first else { throw UsageError(description: "missing question ID", topic: topic) }
            try expectPositionals(1)
            let digits = id.drop { $0 == "0" }
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw UsageError(description: "question ID must be a positive number, not '\(id)'", topic: topic)
            }
            var options = question
            options.id = String(digits)
            options.json = json
            return .question(options)
        case .token:
            switch positionals.first {
            case nil:
                return .token
            case "update":
                guard positionals.count >= 2 else {
                    throw UsageError(
                        description: "missing NEW_TOKEN (or '-' to read it from standard input)", topic: topic)
                }
                try expectPositionals(2)
                let value = positionals[1]
                if value == "-" { return .updateToken(.standardInput) }
                guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw UsageError(description: "NEW_TOKEN must not be empty", topic: topic)
                }
                guard !TokenCommand.hasLineBreak(value) else {
                    throw UsageError(description: "NEW_TOKEN must not hold a line break", topic: topic)
                }
                return .updateToken(.argument(value))
            case let other?:
                throw UsageError(description: "unknown token subcommand '\(other)'", topic: topic)
            }
        case .cache:
            try expectPositionals(1)
            guard let name = positionals.first else { return .cache(.info) }
            guard let action = CacheAction(rawValue: name) else {
                throw UsageError(description: "unknown cache subcommand '\(name)' (info or clear)", topic: topic)
            }
            return .cache(action)
        case .general:
            throw UsageError(description: "missing command", topic: .general)
        }
    }

    private func expectPositionals(_ count: Int) throws(UsageError) {
        guard positionals.count > count else { return }
        throw UsageError(description: "unexpected argument '\(positionals[count])'", topic: topic)
    }

    private func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private mutating func value(of option: String, _ inlineValue: String?) throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = arguments.popFirst(), !next.hasPrefix("--") else {
            throw UsageError(description: "\(option) needs a value", topic: topic)
        }
        return next
    }

    /// Validates a base URL given on the command line or in the environment.
    static func baseURL(_ text: String, source: String = "--base-url") throws(UsageError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw UsageError(
                description: "\(source) must be an http or https URL with a host, not '\(text)'", topic: .general)
        }
        return url
    }
}
