import HTTPClient

/// The response's `no-cache` (RFC 9111, 5.2.2.4): unqualified, it forbids any answer from the store without
/// revalidation; qualified with a list of field names, only those fields need it, and a private cache meets that
/// by never storing them.
extension CacheRules {
    /// Whether the response's `no-cache` forbids any answer without revalidation: it appears without an argument,
    /// or its list names `Cache-Control` itself, the field every later rule reads.
    static func alwaysRevalidates(_ directives: CacheControl) -> Bool {
        directives.hasUnqualified("no-cache") || directives.fieldNames("no-cache").contains("cache-control")
    }

    /// `headers` without the fields a qualified `no-cache` lists, which may not answer without revalidation.
    /// When every answer is revalidated anyway (``alwaysRevalidates(_:)``) nothing is removed.
    static func withoutNoCacheFields(_ headers: HTTPHeaders, _ directives: CacheControl) -> HTTPHeaders {
        guard !alwaysRevalidates(directives) else { return headers }
        var kept = headers
        for name in directives.fieldNames("no-cache") { kept[name] = nil }
        return kept
    }
}
