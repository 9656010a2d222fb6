import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// Stands in for the network under every chain an ``HTTPClientFactory`` builds: records the base URL each
/// chain was made for and answers every request from one ``ScriptedHTTPClient``.
final class TransportSpy: Sendable {
    /// The scripted server behind every chain; its `requests` are what went on the wire, in order.
    let server: ScriptedHTTPClient
    /// The base URLs given to `makeTransport`, one per chain built, in order.
    let baseURLs = RecordedValues<URL>()
    /// Every log entry, when the factory logs.
    let log = RecordedValues<String>()

    init(_ handler: @escaping ScriptedHTTPClient.Handler) {
        server = ScriptedHTTPClient(handler: handler)
    }

    init(replies: [Reply]) {
        server = ScriptedHTTPClient(replies: replies)
    }

    /// A factory with the app's retry policy and timeouts whose transports are all ``server``.
    /// - Parameter logging: Whether the chains log, into ``log``.
    func factory(logging: Bool = false) -> HTTPClientFactory {
        let (server, baseURLs, log) = (server, baseURLs, log)
        let sink: (@Sendable (String) -> Void)? = logging ? { @Sendable entry in log.append(entry) } : nil
        return HTTPClientFactory(log: sink) { (baseURL: URL, _: TransportSettings) -> any HTTPClient in
            baseURLs.append(baseURL)
            return server
        }
    }

    /// What went on the wire, as `METHOD version/path`.
    var sentLines: [String] {
        get async { await server.requests.map { "\($0.method.name) \($0.version)/\($0.path)" } }
    }
}

/// Settings pointing both APIs at made-up hosts that no test ever reaches.
func makeSettings(accessToken: String? = "configured-token") throws -> Settings {
    Settings(
        questionsBaseURL: try #require(URL(string: "https://api.example.test")),
        tokenBaseURL: try #require(URL(string: "https://token.example.test")),
        filesBaseURL: try #require(URL(string: "https://files.example.test")),
        accessToken: accessToken)
}
