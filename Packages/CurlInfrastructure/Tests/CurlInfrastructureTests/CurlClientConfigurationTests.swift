import CurlInfrastructure
import Foundation
import HTTPClientSupport
import Testing

@Suite("CurlClient configuration")
struct CurlClientConfigurationTests {
    @Test("a base URL that is not http(s) with a host, or a limit that is not positive, is refused")
    func configuration() throws {
        let base = try #require(URL(string: "http://127.0.0.1:1/"))
        let ftp = try #require(URL(string: "ftp://user:pw@example.com/"))
        let fragment = try #require(URL(string: "http://example.com/#top"))

        #expect(throws: TransportConfigurationError.unsupportedScheme(baseURL: "ftp://[redacted]@example.com/")) {
            try CurlClient(baseURL: ftp)
        }
        #expect(throws: TransportConfigurationError.fragmentInBaseURL("http://example.com/#top")) {
            try CurlClient(baseURL: fragment)
        }
        #expect(throws: TransportConfigurationError.invalidRequestTimeout(0)) {
            try CurlClient(baseURL: base, requestTimeout: 0)
        }
        #expect(throws: TransportConfigurationError.invalidMaximumResponseBytes(-1)) {
            try CurlClient(baseURL: base, maximumResponseBytes: -1)
        }
    }

    @Test("a client trusting other certificate authorities is checked the same way")
    func certificateAuthorities() throws {
        let ftp = try #require(URL(string: "ftp://example.com/"))
        let authorities = URL(fileURLWithPath: "/nonexistent/ca.pem")

        #expect(throws: TransportConfigurationError.unsupportedScheme(baseURL: "ftp://example.com/")) {
            try CurlClient(baseURL: ftp, certificateAuthorities: authorities)
        }
    }
}
