import Foundation

/// A request URL as telemetry may show it (`url.full`): no user name or password, and the values of
/// sensitive query parameters written as `REDACTED`.
public enum SpanURL {
    /// The query parameters whose values never appear, compared without regard to letter case.
    public static let sensitiveQueryParameters: Set<String> = [
        "sig", "signature", "x-goog-signature", "awsaccesskeyid", "key", "api_key", "apikey", "access_token",
        "refresh_token", "id_token", "token", "code", "client_secret", "password", "secret",
    ]

    /// What stands in for a sensitive value.
    public static let placeholder = "REDACTED"

    /// `url`'s text with the userinfo removed and sensitive query values replaced by ``placeholder``.
    public static func full(_ url: URL) -> String {
        let text = url.absoluteString
        // With no `@` there is no userinfo and with no `?` no query: nothing to remove or redact.
        if !text.utf8.contains(UInt8(ascii: "@")) && !text.utf8.contains(UInt8(ascii: "?")) { return text }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return redactedText(url.absoluteString)
        }
        components.user = nil
        components.password = nil
        if let query = components.percentEncodedQuery {
            components.percentEncodedQuery = redactedQuery(query)
        }
        return components.string ?? redactedText(url.absoluteString)
    }

    /// `query` (percent-encoded) with each sensitive parameter's value replaced; order and spelling kept.
    static func redactedQuery(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals]
            let decoded = name.removingPercentEncoding ?? String(name)
            return sensitiveQueryParameters.contains(decoded.lowercased()) ? "\(name)=\(placeholder)" : String(item)
        }.joined(separator: "&")
    }

    /// `text`, a URL that `URLComponents` cannot take apart, without userinfo and with sensitive query values
    /// replaced, read as `scheme://authority/path?query#fragment`.
    private static func redactedText(_ text: String) -> String {
        let bare = withoutUserInfo(text)
        guard let question = bare.firstIndex(of: "?") else { return bare }
        let queryStart = bare.index(after: question)
        let fragmentStart = bare[queryStart...].firstIndex(of: "#") ?? bare.endIndex
        return bare[..<queryStart] + redactedQuery(String(bare[queryStart..<fragmentStart])) + bare[fragmentStart...]
    }

    /// `text` with whatever precedes an `@` in its authority cut out.
    private static func withoutUserInfo(_ text: String) -> String {
        guard let slashes = text.range(of: "//") else { return text }
        let authorityEnd = text[slashes.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        guard let at = text[slashes.upperBound..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<slashes.upperBound] + text[text.index(after: at)...])
    }
}
