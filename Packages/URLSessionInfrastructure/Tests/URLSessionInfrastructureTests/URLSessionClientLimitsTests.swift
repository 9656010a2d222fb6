import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionClient: response size limit and session settings")
struct URLSessionClientLimitsTests {
    @Test("a body up to the limit is returned whole")
    func bodyAtLimit() async throws {
        let body = Data(repeating: 7, count: 64)
        let sut = try makeSUT(.respond(status: 200, body: body), maximumResponseBytes: 64)

        let (data, _) = try await sut.load(request: TestRequest())

        #expect(data == body)
    }

    @Test("a body past the limit throws responseTooLarge", arguments: [false, true])
    func bodyPastLimit(announced: Bool) async throws {
        let headers = announced ? ["Content-Length": "65"] : [:]
        let sut = try makeSUT(
            .respond(status: 200, headers: headers, body: Data(repeating: 7, count: 65)), maximumResponseBytes: 64)

        let error = await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }

        #expect(error?.matches(.responseTooLarge(limit: 64)) == true)
    }

    @Test("a size limit or timeout that is not positive is a configuration error")
    func rejectsLimits() throws {
        let url = try #require(URL(string: "http://h/"))
        #expect(throws: TransportConfigurationError.invalidMaximumResponseBytes(0)) {
            try URLSessionClient(baseURL: url, maximumResponseBytes: 0)
        }
        #expect(throws: TransportConfigurationError.invalidMaximumResponseBytes(-1)) {
            try URLSessionClient.ephemeral(baseURL: "http://h/", maximumResponseBytes: -1)
        }
        #expect(throws: TransportConfigurationError.invalidRequestTimeout(0)) {
            try URLSessionClient(baseURL: url, requestTimeout: 0)
        }
        #expect(
            TransportConfigurationError.invalidMaximumResponseBytes(0).description
                == "Invalid maximum response size 0: it must be a positive number of bytes")
    }

    @Test("the defaults: 10 redirects, 32 MiB, 30 s, no URL cache and no cookies")
    func defaults() throws {
        let client = try URLSessionClient.ephemeral(baseURL: "http://h/")
        let configuration = client.session.configuration

        #expect(client.redirects == .follow(max: 10))
        #expect(client.maximumResponseBytes == 33_554_432)
        #expect(configuration.timeoutIntervalForRequest == 30)
        #expect(configuration.urlCache == nil)
        #expect(configuration.httpCookieStorage == nil)
        #expect(configuration.httpShouldSetCookies == false)
    }

    @Test("the configuration passed in is copied, not changed")
    func configurationCopied() throws {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 99

        let client = try URLSessionClient(
            baseURL: try #require(URL(string: "http://h/")), configuration: configuration, requestTimeout: 5)

        #expect(configuration.timeoutIntervalForRequest == 99)
        #expect(configuration.httpShouldSetCookies == true)
        #expect(client.session.configuration.timeoutIntervalForRequest == 5)
    }

    @Test("a base URL with a user name and password never prints them in an error")
    func redactsBaseURL() {
        #expect {
            try URLSessionClient(baseURL: "ftp://user:secret@h/")
        } throws: { error in
            let text = "\(error)"
            return text.contains("ftp://[redacted]@h/") && !text.contains("secret")
                && error as? TransportConfigurationError == .unsupportedScheme(baseURL: "ftp://[redacted]@h/")
        }
    }

    private func makeSUT(_ behavior: StubbedHost.Behavior, maximumResponseBytes: Int) throws -> URLSessionClient {
        let stub = StubbedHost(behavior)
        return try URLSessionClient(
            baseURL: stub.baseURL, configuration: URLProtocolStub.session.configuration,
            maximumResponseBytes: maximumResponseBytes)
    }
}
