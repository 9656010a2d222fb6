import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionClient: task metrics reach the caller's exchange observer where the session delivers them")
struct URLSessionClientMetricsTests {
    @Test("one measurement per load where Foundation delivers task metrics; none on Linux, where it never does")
    func observerHearsWhatTheSessionDelivers() async throws {
        let stub = StubbedHost(.respond(status: 200), basePath: "/")
        let sut = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)
        let heard = RecordedValues<HTTPExchangeMetrics>()

        let (_, response) = try await HTTPExchangeObserver { heard.append($0) }.observing {
            try await sut.load(request: TestRequest())
        }

        #expect(response.statusCode == 200)
        #if canImport(FoundationNetworking)
            #expect(heard.values.isEmpty)
        #else
            #expect(heard.count <= 1)
        #endif
    }

    @Test(
        "ALPN names become OpenTelemetry's protocol versions",
        arguments: [("http/1.1", "1.1"), ("HTTP/1.0", "1.0"), ("h2", "2"), ("h3", "3"), ("spdy/3", nil)])
    func protocolVersions(alpn: String, version: String?) {
        #expect(HTTPExchangeMetrics.protocolVersion(alpn: alpn) == version)
    }
}
