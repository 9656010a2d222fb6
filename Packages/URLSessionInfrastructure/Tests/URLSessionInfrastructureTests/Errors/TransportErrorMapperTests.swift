import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionClient: error mapping")
struct TransportErrorMapperTests {
    static let table: [(URLError.Code, HTTPTransportError.Kind)] = [
        (.timedOut, .timedOut),
        (.cannotConnectToHost, .cannotConnect),
        (.cannotFindHost, .cannotConnect),
        (.dnsLookupFailed, .cannotConnect),
        (.notConnectedToInternet, .cannotConnect),
        (.networkConnectionLost, .connectionLost),
        (.badServerResponse, .connectionLost),
        (.cancelled, .cancelled),
        (.badURL, .invalidURL),
        (.unsupportedURL, .invalidURL),
        (.cannotParseResponse, .invalidResponse),
        (.cannotDecodeContentData, .undecodableContent),
        (.cannotDecodeRawData, .undecodableContent),
        (.httpTooManyRedirects, .tooManyRedirects),
        (.secureConnectionFailed, .secureConnectionFailed),
        (.serverCertificateUntrusted, .untrustedCertificate),
        (.serverCertificateHasBadDate, .certificateOutsideValidityPeriod),
        (.serverCertificateNotYetValid, .certificateOutsideValidityPeriod),
        (.serverCertificateHasUnknownRoot, .untrustedCertificate),
        (.clientCertificateRequired, .clientCertificateRejected),
        (.clientCertificateRejected, .clientCertificateRejected),
        (.unknown, .other),
        (.dataLengthExceedsMaximum, .other),
    ]

    @Test("a session failing with a URL error code throws the matching case", arguments: table)
    func mapsSessionFailure(code: URLError.Code, expected: HTTPTransportError.Kind) async throws {
        let stub = StubbedHost(.fail(code))
        let sut = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)

        let error = await #expect(throws: HTTPTransportError.self) {
            try await sut.load(request: TestRequest())
        }

        #expect(error?.kind == expected)
    }

    @Test("the underlying description and code are kept")
    func keepsUnderlyingDescription() {
        let error = URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "took too long"])

        let mapped = TransportErrorMapper.map(error, url: nil)

        #expect(mapped.matches(.timedOut(underlying: error)))
        #expect(mapped.underlyingDescription == "took too long (URLError -1001)")
    }

    @Test("an invalid URL names the failing URL, or else the request's URL")
    func invalidURLNamesURL() throws {
        let requestURL = try #require(URL(string: "http://h/request"))
        let failingURL = try #require(URL(string: "gopher://h/failing"))
        let withFailingURL = URLError(
            .unsupportedURL, userInfo: [NSURLErrorFailingURLErrorKey: failingURL, NSLocalizedDescriptionKey: "nope"])

        #expect(
            TransportErrorMapper.map(withFailingURL, url: requestURL)
                .matches(.invalidURL("gopher://h/failing (nope (URLError -1002))")))
        #expect(
            TransportErrorMapper.map(URLError(.badURL, userInfo: [NSLocalizedDescriptionKey: "bad"]), url: requestURL)
                .matches(.invalidURL("http://h/request (bad (URLError -1000))")))
    }

    @Test("transport errors pass through and CancellationError becomes cancelled")
    func passesThrough() {
        #expect(
            TransportErrorMapper.map(HTTPTransportError.timedOut(underlying: TestFailure("x")), url: nil)
                .matches(.timedOut(underlying: TestFailure("x"))))
        #expect(TransportErrorMapper.map(CancellationError(), url: nil).kind == .cancelled)
    }

    @Test("an error from another domain is other, naming its domain and code")
    func otherDomain() {
        let error = NSError(domain: "Custom", code: 7, userInfo: [NSLocalizedDescriptionKey: "odd"])

        let mapped = TransportErrorMapper.map(error, url: nil)

        #expect(mapped.matches(.other(underlying: error)))
        #expect(mapped.underlyingDescription == "odd (Custom 7)")
    }

    @Test(
        "libcurl failing to decode the body by its Content-Encoding is undecodableContent",
        arguments: [
            "Error while processing content unencoding: incorrect header check",
            "Unrecognized content encoding type. libcurl understands deflate, gzip content encodings.",
            "Unrecognized or bad HTTP Content or Transfer-Encoding",
        ])
    func contentDecodingFailure(message: String) {
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: message])

        let mapped = TransportErrorMapper.map(error, url: nil)

        #expect(mapped.matches(.undecodableContent(underlying: error)))
        #expect(mapped.underlyingDescription == "\(message) (URLError -1)")
    }

    @Test("libcurl's body cut short of its Content-Length (Linux) is connectionLost")
    func partialTransfer() {
        let message = "transfer closed with 1 bytes remaining to read"
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: message])

        let mapped = TransportErrorMapper.map(error, url: nil)

        #expect(mapped.matches(.connectionLost(underlying: error)))
    }

    @Test("any other unknown URL error stays other")
    func unknownStaysOther() {
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "SSL connect error"])

        let mapped = TransportErrorMapper.map(error, url: nil)

        #expect(mapped.matches(.other(underlying: error)))
        #expect(mapped.underlyingDescription == "SSL connect error (URLError -1)")
    }

    @Test("an invalid URL prints without its user name and password")
    func invalidURLRedacted() throws {
        let url = try #require(URL(string: "gopher://user:secret@h/x"))

        let mapped = TransportErrorMapper.map(
            URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: "no"]), url: url)

        #expect(mapped.matches(.invalidURL("gopher://[redacted]@h/x (no (URLError -1002))")))
    }
}
