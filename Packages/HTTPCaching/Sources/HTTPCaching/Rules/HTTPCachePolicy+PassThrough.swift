import HTTPClient

/// Requests that skip the cache.
extension HTTPCachePolicy {
    /// The request fields that make a request conditional (RFC 9110, 13.1).
    static let preconditionFields = [
        "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range",
    ]

    /// Whether `request` skips the cache: a credential this policy does not store, or its own preconditions
    /// (the caller is revalidating something it holds) that the store does not answer (`StoredConditionalAnswer`).
    /// Such a request goes to the origin as it is, and its answer, a `304` included, comes back untouched and
    /// leaves the store alone.
    func passesThrough(_ request: any HTTPRequest) -> Bool {
        guard let headers = request.headers, !headers.isEmpty else { return false }
        if withholdsCredential(request) { return true }
        return Self.preconditionFields.contains { headers.contains($0) }
    }

    /// Whether `request` carries `Authorization` and this policy does not store the answers to such requests.
    func withholdsCredential(_ request: any HTTPRequest) -> Bool {
        request.headers?.contains("Authorization") == true && !storesAuthorizedResponses
    }
}
