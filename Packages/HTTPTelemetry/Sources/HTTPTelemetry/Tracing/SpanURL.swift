import Foundation
import HTTPClientSupport

/// A request URL as telemetry may show it (`url.full`), as the OpenTelemetry semantic conventions ask: a user
/// name and password become `REDACTED:REDACTED`, and the values of sensitive query parameters `REDACTED`.
public enum SpanURL {
    /// The query parameters whose values never appear, compared without regard to letter case: the list of
    /// `RedactedURL.sensitiveQueryParameters` (presigned-URL signatures and credentials of AWS, Google Cloud
    /// Storage and Azure, API keys, OAuth fields). ``full(_:redactingQueryParameters:)`` adds to it.
    public static let sensitiveQueryParameters: Set<String> = RedactedURL.sensitiveQueryParameters

    /// What stands in for a sensitive value.
    public static let placeholder = "REDACTED"

    /// What stands in for a user name and password.
    public static let userInfoPlaceholder = "REDACTED:REDACTED"

    /// `url`'s text with its userinfo replaced by ``userInfoPlaceholder`` and sensitive query values by
    /// ``placeholder``.
    public static func full(_ url: URL) -> String {
        full(url, redactingQueryParameters: [])
    }

    /// `url`'s text as ``full(_:)`` writes it, with the values of `names` (any letter case) redacted too.
    public static func full(_ url: URL, redactingQueryParameters names: Set<String>) -> String {
        let text = url.absoluteString
        // With no `@` there is no userinfo and with no `?` no query: nothing to replace.
        if !text.utf8.contains(UInt8(ascii: "@")) && !text.utf8.contains(UInt8(ascii: "?")) { return text }
        let lowercased = Set(names.map { $0.lowercased() })
        let bare = withRedactedUserInfo(text)
        guard let question = bare.firstIndex(of: "?") else { return bare }
        let queryStart = bare.index(after: question)
        let fragmentStart = bare[queryStart...].firstIndex(of: "#") ?? bare.endIndex
        let query = RedactedURL.query(
            String(bare[queryStart..<fragmentStart]), replacingValuesWith: placeholder,
            where: { lowercased.contains($0) })
        return bare[..<queryStart] + query + bare[fragmentStart...]
    }

    /// `text` with whatever precedes an `@` in its authority replaced by ``userInfoPlaceholder``.
    private static func withRedactedUserInfo(_ text: String) -> String {
        guard let slashes = text.range(of: "//") else { return text }
        let authorityEnd = text[slashes.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        guard let at = text[slashes.upperBound..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<slashes.upperBound] + userInfoPlaceholder + text[at...])
    }
}
