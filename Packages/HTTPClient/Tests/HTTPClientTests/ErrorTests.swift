import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

struct ErrorTests {
    @Test func httpErrorNamesStatusReasonAndBody() {
        let error = HTTPError.httpCode(statusCode: 404, data: Data("no such item\n".utf8))

        #expect(error.description == "HTTP 404 Not Found: no such item")
    }

    @Test func httpErrorLeavesOutABinaryBody() {
        let error = HTTPError.httpCode(statusCode: 599, data: Data([0xFF, 0xFE, 0x00]))

        #expect(error.description == "HTTP 599")
    }

    @Test func onlyTimeoutsAndConnectionFailuresAreTransient() {
        let transient = allTransportErrors.filter(\.isTransient)

        #expect(transient.map(\.kind) == [.timedOut, .cannotConnect, .connectionLost])
    }

    @Test func transportErrorsNameTheirCause() {
        for error in allTransportErrors where error.kind != .cancelled {
            #expect(error.description.contains(":") || error.description.contains("("), "\(error)")
        }
        #expect(
            HTTPTransportError.timedOut(underlying: TestFailure("after 30 s")).description
                == "The request timed out (after 30 s)")
        #expect(HTTPTransportError.invalidURL("ht!tp://").localizedDescription == "Invalid URL: ht!tp://")
    }

    @Test func keepsTheUnderlyingErrorAndItsKind() {
        let cause = TestFailure("refused")
        let error = HTTPTransportError.cannotConnect(underlying: cause)

        #expect(error.kind == .cannotConnect)
        #expect(error.underlying as? TestFailure == cause)
        #expect(error.underlyingDescription == "refused")
        #expect(HTTPTransportError.responseTooLarge(limit: 1).underlying == nil)
        #expect(Set(allTransportErrors.map(\.kind)) == Set(HTTPTransportError.Kind.allCases))
    }

    @Test func describesAFoundationCauseByMessageDomainAndCode() {
        let cause = NSError(domain: NSURLErrorDomain, code: -1001, userInfo: [NSLocalizedDescriptionKey: "slow"])
        let other = NSError(domain: "Custom", code: 7, userInfo: [NSLocalizedDescriptionKey: "odd"])

        #expect(
            HTTPTransportError.timedOut(underlying: cause).description
                == "The request timed out (slow (URLError -1001))")
        #expect(HTTPTransportError.other(underlying: other).description == "The request failed (odd (Custom 7))")
    }

    @Test func recognisesBothKindsOfCancellation() {
        #expect(HTTPTransportError.isCancellation(CancellationError()))
        #expect(HTTPTransportError.isCancellation(HTTPTransportError.cancelled))
        #expect(!HTTPTransportError.isCancellation(HTTPTransportError.timedOut(underlying: TestFailure(""))))
    }

    private var allTransportErrors: [HTTPTransportError] {
        [
            .timedOut(underlying: TestFailure("t")), .cannotConnect(underlying: TestFailure("c")),
            .connectionLost(underlying: TestFailure("l")), .cancelled,
            .invalidURL("u"), .invalidResponse(underlying: TestFailure("r")),
            .tooManyRedirects(underlying: TestFailure("m")),
            .secureConnectionFailed(underlying: TestFailure("s")), .other(underlying: TestFailure("o")),
            .responseTooLarge(limit: 1),
            .undecodableContent(underlying: TestFailure("g")),
            .untrustedCertificate(underlying: TestFailure("i")),
            .certificateNameMismatch(underlying: TestFailure("n")),
            .certificateOutsideValidityPeriod(underlying: TestFailure("d")),
            .pinnedKeyMismatch(underlying: TestFailure("p")),
            .clientCertificateRejected(underlying: TestFailure("k")),
            .noCommonTLSVersion(underlying: TestFailure("v")),
        ]
    }
}
