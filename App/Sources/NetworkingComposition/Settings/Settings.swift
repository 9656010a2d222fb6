import Foundation
import HTTPClientSupport

/// Where each API lives, how to authenticate, and what every chain starts from.
///
/// The command line and the environment fill it in (`--base-url`, then `NETWORKING_QUESTIONS_URL` /
/// `NETWORKING_TOKEN_URL` / `NETWORKING_FILES_URL`, then the defaults); the composers read it.
package struct Settings: Equatable, Sendable {
    /// The Stack Exchange API's default base URL.
    package static let defaultQuestionsURL = "https://api.stackexchange.com"
    /// The token API's default base URL.
    package static let defaultTokenURL = "http://localhost:3000"
    /// The Files API's default base URL.
    package static let defaultFilesURL = "http://localhost:3000"
    /// How long a command's network work may take when nothing says otherwise.
    package static let defaultTimeout = Duration.seconds(30)

    /// The Stack Exchange API.
    package var questionsBaseURL: URL
    /// The token API.
    package var tokenBaseURL: URL
    /// The Files API, on the same backend as the token API by default (the same bearer access token).
    package var filesBaseURL: URL
    /// The token API's initial access token (`NETWORKING_ACCESS_TOKEN`), without the `Bearer ` prefix.
    package var accessToken: String?
    /// The Stack Exchange application key (`NETWORKING_STACKEXCHANGE_KEY`), sent as `key=`.
    package var stackExchangeKey: String?
    /// Where the response cache lives (see ``ResponseCache``), or why it lives nowhere.
    package var cacheLocation: Result<CacheLocation, CacheUnavailable>
    /// How long a command's network work may take in total, retries included: `--timeout`, then
    /// `NETWORKING_TIMEOUT`, then ``defaultTimeout``.
    package var timeout = Settings.defaultTimeout
    /// The client every chain starts from: `--transport`, then `NETWORKING_TRANSPORT`, then
    /// ``TransportChoice/platformDefault``.
    package var transport = TransportChoice.platformDefault
    /// The proxy every transport uses: `--proxy`, then `NETWORKING_PROXY` (empty goes direct), then
    /// `HTTPProxy.environment`.
    package var proxy = HTTPProxy.environment
    /// The TLS options every transport uses: `--cacert`, `--pinnedpubkey`, … and curl's CA variables.
    package var tls = TLSOptions.standard

    /// Settings for these APIs; the timeout, transport and proxy are the defaults until set.
    package init(
        questionsBaseURL: URL, tokenBaseURL: URL, filesBaseURL: URL, accessToken: String? = nil,
        stackExchangeKey: String? = nil,
        cacheLocation: Result<CacheLocation, CacheUnavailable> = .failure(
            CacheUnavailable(reason: "no cache directory is set"))
    ) {
        self.questionsBaseURL = questionsBaseURL
        self.tokenBaseURL = tokenBaseURL
        self.filesBaseURL = filesBaseURL
        self.accessToken = accessToken
        self.stackExchangeKey = stackExchangeKey
        self.cacheLocation = cacheLocation
    }
}
