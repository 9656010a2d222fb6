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

    /// A `--write-out` format with curl's variables (see ``WriteOutTemplate``).
    static let writeOut = ValueParser<WriteOutTemplate> { text, context throws(UsageError) in
        do throws(WriteOutFormatError) {
            return try WriteOutTemplate(parsing: text)
        } catch {
            throw context.error("\(context.option): \(error.description)")
        }
    }

    static let proxy = ValueParser<HTTPProxy> { text, context throws(UsageError) in
        try proxy(text, source: context.option)
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

    /// A question's ID: a positive number of at most 18 digits, leading zeros dropped.
    static let questionID = ValueParser<String> { text, context throws(UsageError) in
        let digits = text.drop { $0 == "0" }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw context.error("question ID must be a positive number, not '\(text)'")
        }
        return String(digits)
    }

    /// A new token for the token API, or `-` for standard input: not blank, on one line.
    static let newToken = ValueParser<TokenSource> { text, context throws(UsageError) in
        if text == "-" { return .standardInput }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw context.error("\(context.option) must not be empty")
        }
        guard !TokenCommand.hasLineBreak(text) else {
            throw context.error("\(context.option) must not hold a line break")
        }
        return .argument(text)
    }

    /// The name of a file on the Files API: not empty.
    static let downloadName = ValueParser<String> { text, context throws(UsageError) in
        guard !text.isEmpty else { throw context.error("missing the \(context.option) of the file to download") }
        return text
    }

    /// A local file to upload: not empty; shells complete file names.
    static let uploadPath = ValueParser<String>(completion: .file) { text, context throws(UsageError) in
        guard !text.isEmpty else { throw context.error("\(context.option) must not be empty") }
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
    /// `text` as a proxy setting: the empty string goes direct, anything else is the proxy's URL (`http://`
    /// when it has no scheme), checked as the transports check it.
    static func proxy(_ text: String, source: String) throws(UsageError) -> HTTPProxy {
        guard !text.isEmpty else { return .direct }
        do {
            let endpoint = try HTTPProxy.Endpoint(parsing: text)
            let absolute = text.contains("://") ? text : "http://" + text
            guard let url = URL(string: absolute) else {
                throw TransportConfigurationError.invalidProxy(endpoint.description)
            }
            return .url(url)
        } catch {
            throw UsageError(
                description: "\(source) must be a proxy URL with a host (http, https or socks), or '' to go direct, "
                    + "not '\(RedactedURL.string(from: text))'",
                command: nil)
        }
    }

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
