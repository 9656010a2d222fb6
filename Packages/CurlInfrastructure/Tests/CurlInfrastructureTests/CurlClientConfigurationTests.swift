import CurlInfrastructure
import Foundation
import Testing

@Suite("CurlClient configuration")
struct CurlClientConfigurationTests {
    @Test("a base URL that is not http(s) with a host, or a limit that is not positive, is refused")
    func configuration() throws {
        let base = try #require(URL(string: "http://127.0.0.1:1/"))
        let ftp = try #require(URL(string: "ftp://user:pw@example.com/"))

        #expect(throws: CurlClient.ConfigurationError.unsupportedBaseURL("ftp://[redacted]@example.com/")) {
            try CurlClient(baseURL: ftp)
        }
        #expect(throws: CurlClient.ConfigurationError.invalidRequestTimeout(0)) {
            try CurlClient(baseURL: base, requestTimeout: 0)
        }
        #expect(throws: CurlClient.ConfigurationError.invalidMaximumResponseBytes(-1)) {
            try CurlClient(baseURL: base, maximumResponseBytes: -1)
        }
    }

    @Test("a client trusting other certificate authorities is checked the same way")
    func certificateAuthorities() throws {
        let ftp = try #require(URL(string: "ftp://example.com/"))
        let authorities = URL(fileURLWithPath: "/nonexistent/ca.pem")

        #expect(throws: CurlClient.ConfigurationError.unsupportedBaseURL("ftp://example.com/")) {
            try CurlClient(baseURL: ftp, certificateAuthorities: authorities)
        }
    }
}
