extension HTTPResponse {
    /// Whether the status is 1xx (informational).
    public var isInformational: Bool { (100..<200).contains(statusCode) }

    /// Whether the status is 2xx (success).
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// Whether the status is 3xx (redirection).
    public var isRedirectional: Bool { (300..<400).contains(statusCode) }

    /// Whether the status is 4xx (client error).
    public var isClientError: Bool { (400..<500).contains(statusCode) }

    /// Whether the status is 5xx (server error).
    public var isServerError: Bool { (500..<600).contains(statusCode) }

    /// Whether the status is 4xx or 5xx.
    public var isError: Bool { (400..<600).contains(statusCode) }
}
