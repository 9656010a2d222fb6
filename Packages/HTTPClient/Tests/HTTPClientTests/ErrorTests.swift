import Foundation
import HTTPClient
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

        #expect(
            transient == [
                .timedOut(underlying: "t"), .cannotConnect(underlying: "c"), .connectionLost(underlying: "l"),
            ])
    }

    @Test func transportErrorsNameTheirCause() {
        for error in allTransportErrors where error != .cancelled {
            #expect(error.description.contains(":") || error.description.contains("("), "\(error)")
        }
        #expect(
            HTTPTransportError.timedOut(underlying: "after 30 s").description == "The request timed out (after 30 s)")
        #expect(HTTPTransportError.invalidURL("ht!tp://").localizedDescription == "Invalid URL: ht!tp://")
    }

    @Test func recognisesBothKindsOfCancellation() {
        #expect(HTTPTransportError.isCancellation(CancellationError()))
        #expect(HTTPTransportError.isCancellation(HTTPTransportError.cancelled))
        #expect(!HTTPTransportError.isCancellation(HTTPTransportError.timedOut(underlying: "")))
    }

    private var allTransportErrors: [HTTPTransportError] {
        [
            .timedOut(underlying: "t"), .cannotConnect(underlying: "c"), .connectionLost(underlying: "l"), .cancelled,
            .invalidURL("u"), .invalidResponse(underlying: "r"), .tooManyRedirects(underlying: "m"),
            .secureConnectionFailed(underlying: "s"), .other(underlying: "o"), .responseTooLarge(limit: 1),
            .undecodableContent(underlying: "g"),
        ]
    }
}
