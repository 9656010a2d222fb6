import CommandLineKit
import Foundation
import HTTPClientSupport

/// The checks of `networking`'s own option values; the environment's values go through the same ones.
enum OptionValues {
    /// A base URL: http or https with a host. Its errors show the general help.
    static let baseURL = ValueParser<URL> { text, context throws(UsageError) in
        try baseURL(text, source: context.option)
    }

    /// A timeout in seconds (see ``timeout(_:source:)``). Its errors show the general help.
    static let timeout = ValueParser<Duration> { text, context throws(UsageError) in
        try timeout(text, source: context.option)
    }

    /// A tag list such as `swift;swiftui`, trimmed and not empty.
    static let tags = ValueParser<String> { text, context throws(UsageError) in
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw context.error("\(context.option) needs a tag") }
        return trimmed
    }

    /// A Stack Exchange site's API name, such as `stackoverflow` or `superuser`.
    static let siteName = ValueParser<String> { text, context throws(UsageError) in
        let allowed = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        guard !text.isEmpty, allowed else {
            throw context.error("\(context.option) must be a site's API name such as stackoverflow, not '\(text)'")
        }
        return text
    }

    /// Validates a base URL given on the command line or in the environment (`source` names where), with the
    /// transports' own check (`BaseURL`).
    static func baseURL(_ text: String, source: String) throws(UsageError) -> URL {
        do {
            return try BaseURL.parse(text)
        } catch {
            throw UsageError(
                description: "\(source) must be an http or https URL with a host, not '\(text)'", command: nil)
        }
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
                command: nil)
        }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}
