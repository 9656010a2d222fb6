import Foundation
import HTTPClient
import HTTPClientSupport
import Testing
import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionClient: building from configuration")
struct URLSessionClientFactoryTests {
    @Test(
        "accepts absolute http(s) URLs with a host",
        arguments: [
            "http://localhost:3000/", "https://api.example.com", "HTTPS://API.example.com/v2/",
            "http://127.0.0.1:8080/api",
            "http://[::1]:8080/", "https://h/api?key=abc", "http://h:/x",
        ]
    )
    func acceptsValidURL(string: String) throws {
        let client = try URLSessionClient(baseURL: string)

        #expect(client.baseURL.absoluteString == string)
        #expect(client.session === URLSession.shared)
    }

    @Test(
        "rejects bad base URLs with an error naming the string",
        arguments: [
            ("", TransportConfigurationError.emptyBaseURL),
            ("not a url", .unparseableBaseURL("not a url")),
            ("http://exa mple.com", .unparseableBaseURL("http://exa mple.com")),
            (" http://h/", .unparseableBaseURL(" http://h/")),
            ("http://h/\n", .unparseableBaseURL("http://h/\n")),
            ("http://h:99999999999999999999/", .unparseableBaseURL("http://h:99999999999999999999/")),
            ("http://h:70000/", .unparseableBaseURL("http://h:70000/")),
            ("http://h:0/", .unparseableBaseURL("http://h:0/")),
            ("http://h:abc/", .unparseableBaseURL("http://h:abc/")),
            ("ftp://h/", .unsupportedScheme(baseURL: "ftp://h/")),
            ("localhost:3000", .unsupportedScheme(baseURL: "localhost:3000")),
            ("/api/v1", .unsupportedScheme(baseURL: "/api/v1")),
            ("http://", .missingHost(baseURL: "http://")),
            ("http:/h", .missingHost(baseURL: "http:/h")),
            ("http:///api", .missingHost(baseURL: "http:///api")),
            ("https://h/#top", .fragmentInBaseURL("https://h/#top")),
        ]
    )
    func rejectsInvalidURL(string: String, expected: TransportConfigurationError) {
        #expect(throws: expected) { try URLSessionClient(baseURL: string) }
        #expect(expected.description.contains("\"\(string)\""))
    }

    @Test("the ephemeral factory uses an ephemeral session with a 30 s request timeout by default")
    func ephemeralDefaults() throws {
        let client = try URLSessionClient.ephemeral(baseURL: "http://localhost:3000/")

        #expect(client.baseURL.absoluteString == "http://localhost:3000/")
        #expect(client.session !== URLSession.shared)
        #expect(client.session.configuration.timeoutIntervalForRequest == 30)
        #expect(client.session.configuration.httpCookieStorage !== HTTPCookieStorage.shared)
    }

    @Test("the ephemeral factory's request timeout is adjustable")
    func ephemeralTimeout() throws {
        let client = try URLSessionClient.ephemeral(baseURL: "http://localhost:3000/", requestTimeout: 2.5)

        #expect(client.session.configuration.timeoutIntervalForRequest == 2.5)
    }

    @Test("the ephemeral factory rejects a timeout that is not positive", arguments: [0, -1, .nan, .infinity])
    func ephemeralRejectsTimeout(seconds: TimeInterval) {
        #expect {
            try URLSessionClient.ephemeral(baseURL: "http://h/", requestTimeout: seconds)
        } throws: { error in
            guard case .invalidRequestTimeout(let rejected) = error as? TransportConfigurationError else {
                return false
            }
            return rejected.isNaN ? seconds.isNaN : rejected == seconds
        }
    }

    @Test("the ephemeral factory rejects a bad base URL")
    func ephemeralRejectsURL() {
        #expect(throws: TransportConfigurationError.unsupportedScheme(baseURL: "file:///tmp")) {
            try URLSessionClient.ephemeral(baseURL: "file:///tmp")
        }
    }
}
