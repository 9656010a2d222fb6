import Foundation

/// The checks of option values: each returns the value or a ``UsageError`` naming the option and the problem.
extension CommandLineParser {
    func number(_ option: String, _ text: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                description:
                    "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'",
                topic: topic)
        }
        return value
    }

    func sort(_ text: String) throws(UsageError) -> String {
        guard QuestionsOptions.sorts.contains(text) else {
            throw UsageError(
                description: "--sort must be one of \(QuestionsOptions.sorts.joined(separator: ", ")), not '\(text)'",
                topic: topic)
        }
        return text
    }

    func tag(_ text: String) throws(UsageError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw UsageError(description: "--tagged needs a tag", topic: topic) }
        return trimmed
    }

    func path(_ text: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError(description: "--save-avatar needs a file path", topic: topic) }
        return text
    }

    /// A timeout in seconds: a positive decimal number (`30`, `2.5`, `.5`) of at most a day.
    static func timeout(_ text: String, source: String) throws(UsageError) -> Duration {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDecimal =
            !text.isEmpty && text != "." && parts.count <= 2
            && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard isDecimal, let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
            throw UsageError(
                description: "\(source) must be a number of seconds above 0 and at most 86400, not '\(text)'",
                topic: .general)
        }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    func helpTopic(_ name: String?) throws(UsageError) -> HelpTopic {
        guard let name else { return .general }
        guard let command = CommandTable.command(named: name) else {
            throw UsageError(description: "no help for '\(name)': not a command", topic: .general)
        }
        return command.topic
    }

    func shell(_ name: String) throws(UsageError) -> Shell {
        guard let shell = Shell(rawValue: name) else {
            let names = Shell.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(
                description: "--generate-completion-script must be one of \(names), not '\(name)'", topic: .general)
        }
        return shell
    }

    /// A Stack Exchange site's API name, such as `stackoverflow` or `superuser`.
    func siteName(_ text: String) throws(UsageError) -> String {
        let allowed = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        guard !text.isEmpty, allowed else {
            throw UsageError(
                description: "--site must be a site's API name such as stackoverflow, not '\(text)'", topic: topic)
        }
        return text
    }
}
