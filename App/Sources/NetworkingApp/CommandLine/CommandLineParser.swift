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
    private var topic = HelpTopic.general

    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var parser = CommandLineParser(arguments: arguments[...])
        return try parser.parse()
    }

    private init(arguments: ArraySlice<String>) {
        self.arguments = arguments
    }

    private mutating func parse() throws(UsageError) -> Invocation {
        guard let name = try commandName() else { return invocation }
        switch name {
        case "--help", "-h", "help":
            let requested = arguments.popFirst().flatMap(HelpTopic.init(rawValue:)) ?? .general
            invocation.command = .help(requested)
            return invocation
        case "questions": topic = .questions
        case "question": topic = .question
        case "token": topic = .token
        default:
            throw UsageError(description: "unknown command '\(name)'", topic: .general)
        }
        var questions = QuestionsOptions()
        var question = QuestionOptions(id: "")
        var json = false
        var site: String?
        var optionsEnded = false
        while let argument = arguments.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            let (option, inlineValue) = split(argument)
            switch (option, topic) {
            case ("--", _): optionsEnded = true
            case ("--help", _), ("-h", _): wantsHelp = true
            case ("--verbose", _), ("-v", _): invocation.verbose = true
            case ("--base-url", _): invocation.baseURL = try Self.baseURL(try value(of: option, inlineValue))
            case ("--record", _), ("--replay", _): try archiveOption(option, try value(of: option, inlineValue))
            case ("--json", .questions), ("--json", .question): json = true
            case ("--site", .questions), ("--site", .question): site = try siteName(try value(of: option, inlineValue))
            case ("--no-cache", .questions), ("--no-cache", .question): try setCacheMode(.reload)
            case ("--offline", .questions), ("--offline", .question): try setCacheMode(.offline)
            case ("--tagged", .questions): questions.tagged = try tag(try value(of: option, inlineValue))
            case ("--page-size", .questions):
                questions.pageSize = try number(option, try value(of: option, inlineValue), in: 1...100)
            case ("--page", .questions):
                questions.page = try number(option, try value(of: option, inlineValue), in: 1...Int(Int32.max))
            case ("--sort", .questions): questions.sort = try sort(try value(of: option, inlineValue))
            case ("--save-avatar", .question): question.saveAvatar = try path(try value(of: option, inlineValue))
            default:
                throw UsageError(description: "unknown option '\(option)' for '\(topic.rawValue)'", topic: topic)
            }
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

    /// Reads common options that come before the command, then the command's name.
    private mutating func commandName() throws(UsageError) -> String? {
        while let argument = arguments.popFirst() {
            let (option, inlineValue) = split(argument)
            switch option {
            case "--verbose", "-v": invocation.verbose = true
            case "--base-url": invocation.baseURL = try Self.baseURL(try value(of: option, inlineValue))
            case "--record", "--replay": try archiveOption(option, try value(of: option, inlineValue))
            default: return argument
            }
        }
        return nil
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
                return .updateToken(.argument(value))
            case let other?:
                throw UsageError(description: "unknown token subcommand '\(other)'", topic: topic)
            }
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

    private func number(_ option: String, _ text: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                description:
                    "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'",
                topic: topic)
        }
        return value
    }

    private func sort(_ text: String) throws(UsageError) -> String {
        guard QuestionsOptions.sorts.contains(text) else {
            throw UsageError(
                description: "--sort must be one of \(QuestionsOptions.sorts.joined(separator: ", ")), not '\(text)'",
                topic: topic)
        }
        return text
    }

    private func tag(_ text: String) throws(UsageError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw UsageError(description: "--tagged needs a tag", topic: topic) }
        return trimmed
    }

    private mutating func setCacheMode(_ mode: HTTPCachePolicy.Mode) throws(UsageError) {
        guard invocation.cacheMode == .normal || invocation.cacheMode == mode else {
            throw UsageError(description: "--no-cache and --offline cannot be used together", topic: topic)
        }
        invocation.cacheMode = mode
    }

    /// A Stack Exchange site's API name, such as `stackoverflow` or `superuser`.
    private func siteName(_ text: String) throws(UsageError) -> String {
        let allowed = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        guard !text.isEmpty, allowed else {
            throw UsageError(
                description: "--site must be a site's API name such as stackoverflow, not '\(text)'", topic: topic)
        }
        return text
    }

    /// `--record FILE` or `--replay FILE`: a non-empty path.
    private mutating func archiveOption(_ option: String, _ text: String) throws(UsageError) {
        guard !text.isEmpty else { throw UsageError(description: "\(option) needs a HAR file path", topic: topic) }
        if option == "--record" { invocation.recordPath = text } else { invocation.replayPath = text }
    }

    private func path(_ text: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError(description: "--save-avatar needs a file path", topic: topic) }
        return text
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
