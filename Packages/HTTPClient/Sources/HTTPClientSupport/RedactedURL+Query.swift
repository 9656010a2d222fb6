import Foundation

extension RedactedURL {
    /// The query parameters whose values are never shown, compared without regard to letter case: the signatures
    /// and credentials of presigned URLs (AWS Signature Version 4 `X-Amz-Signature`, `X-Amz-Security-Token`,
    /// `X-Amz-Credential`; Version 2 `Signature`, `AWSAccessKeyId`; Google Cloud Storage `X-Goog-Signature`,
    /// `X-Goog-Credential`; Azure shared access signatures `sig`), API keys and OAuth fields.
    ///
    /// A caller adds its own names with ``string(from:redactingQueryParameters:)-(URL,_)``.
    public static let sensitiveQueryParameters: Set<String> = [
        "x-amz-signature", "x-amz-security-token", "x-amz-credential", "signature", "awsaccesskeyid",
        "x-goog-signature", "x-goog-credential", "sig", "key", "api_key", "apikey", "access_token", "refresh_token",
        "id_token", "token", "code", "client_secret", "password", "secret",
    ]

    /// `url`'s absolute string with its userinfo replaced by ``placeholder`` and the values of
    /// ``sensitiveQueryParameters`` and of `names` (any letter case) replaced by ``placeholder``.
    public static func string(from url: URL, redactingQueryParameters names: Set<String>) -> String {
        string(from: url.absoluteString, redactingQueryParameters: names)
    }

    /// `text` (a URL, or a string that failed to parse as one) with the userinfo of its authority replaced and
    /// the values of ``sensitiveQueryParameters`` and of `names` (any letter case) in its query replaced.
    public static func string(from text: String, redactingQueryParameters names: Set<String>) -> String {
        let lowercased = Set(names.map { $0.lowercased() })
        return withRedactedQuery(withoutUserInfo(text)) { lowercased.contains($0) }
    }

    /// `query` (percent-encoded, without its `?`) with the value of each parameter whose decoded name
    /// `isSensitive` accepts (given in lowercase) replaced by `placeholder`; order and spelling are kept, and so
    /// is a value that already reads `placeholder` once percent-decoded.
    public static func query(
        _ query: String, replacingValuesWith placeholder: String, where isSensitive: (String) -> Bool
    ) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals]
            let decoded = (name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(name))
                .lowercased()
            let value = item[item.index(after: equals)...]
            let hidden = sensitiveQueryParameters.contains(decoded) || isSensitive(decoded)
            guard hidden, value.removingPercentEncoding != placeholder else { return String(item) }
            return "\(name)=\(placeholder)"
        }.joined(separator: "&")
    }

    /// `text` read as `…?query#fragment`, with sensitive query values replaced by ``placeholder``.
    static func withRedactedQuery(_ text: String, isSensitive: (String) -> Bool = { _ in false }) -> String {
        guard let question = text.firstIndex(of: "?") else { return text }
        let queryStart = text.index(after: question)
        let fragmentStart = text[queryStart...].firstIndex(of: "#") ?? text.endIndex
        let query = query(
            String(text[queryStart..<fragmentStart]), replacingValuesWith: placeholder, where: isSensitive)
        return text[..<queryStart] + query + text[fragmentStart...]
    }
}
