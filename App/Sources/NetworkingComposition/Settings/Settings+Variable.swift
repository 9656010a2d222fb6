extension Settings {
    /// The environment variables the tool reads.
    package enum Variable {
        /// The Stack Exchange API's base URL.
        package static let questionsURL = "NETWORKING_QUESTIONS_URL"
        /// The token API's base URL.
        package static let tokenURL = "NETWORKING_TOKEN_URL"
        /// The Files API's base URL.
        package static let filesURL = "NETWORKING_FILES_URL"
        /// The initial access token of the token and Files APIs.
        package static let accessToken = "NETWORKING_ACCESS_TOKEN"
        /// The Stack Exchange application key.
        package static let stackExchangeKey = "NETWORKING_STACKEXCHANGE_KEY"
        /// The response cache's directory.
        package static let cacheDirectory = "NETWORKING_CACHE_DIR"
        /// The seconds a command's network work may take.
        package static let timeout = "NETWORKING_TIMEOUT"
        /// The transport every chain starts from.
        package static let transport = "NETWORKING_TRANSPORT"
        /// The proxy every transport sends through.
        package static let proxy = "NETWORKING_PROXY"
    }
}
