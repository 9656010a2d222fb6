import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@Suite("HTTPTransportError.matches: same case, equal values")
struct TransportErrorMatchingTests {
    @Test func sameCaseWithAnEqualUnderlyingErrorMatches() {
        let error = HTTPTransportError.timedOut(underlying: TestFailure("slow"))

        #expect(error.matches(.timedOut(underlying: TestFailure("slow"))))
        #expect(HTTPTransportError.cancelled.matches(.cancelled))
        #expect(HTTPTransportError.invalidURL("u").matches(.invalidURL("u")))
        #expect(HTTPTransportError.responseTooLarge(limit: 1).matches(.responseTooLarge(limit: 1)))
    }

    @Test func anotherCaseOrValueDoesNotMatch() {
        let error = HTTPTransportError.timedOut(underlying: TestFailure("slow"))

        #expect(!error.matches(.cannotConnect(underlying: TestFailure("slow"))))
        #expect(!error.matches(.timedOut(underlying: TestFailure("fast"))))
        #expect(!HTTPTransportError.invalidURL("u").matches(.invalidURL("v")))
        #expect(!HTTPTransportError.responseTooLarge(limit: 1).matches(.responseTooLarge(limit: 2)))
    }

    @Test func underlyingErrorsOfDifferentOrNonEquatableTypesDoNotMatch() {
        struct Opaque: Error {}
        let urlError = URLError(.timedOut)

        #expect(!HTTPTransportError.timedOut(underlying: urlError).matches(.timedOut(underlying: TestFailure("x"))))
        #expect(!HTTPTransportError.other(underlying: Opaque()).matches(.other(underlying: Opaque())))
        #expect(HTTPTransportError.timedOut(underlying: urlError).matches(.timedOut(underlying: URLError(.timedOut))))
    }
}
