import HTTPClient

/// Reason phrases for the status codes people meet most often (RFC 9110, 15), for logs and archives.
public enum HTTPStatusReason {
    /// The reason phrase of `statusCode`, for example `"Not Found"` for 404; `nil` for a code not in the table.
    public static func phrase(for statusCode: HTTPStatusCode) -> String? {
        StatusReasonPhrases.phrase(for: statusCode)
    }
}
