import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@Suite("HTTPTransportError(passingThrough:): what every transport maps the same way")
struct TransportErrorPassingThroughTests {
    @Test func aTransportErrorPassesUnchangedAndCancellationBecomesCancelled() {
        let timedOut = HTTPTransportError.timedOut(underlying: TestFailure("slow"))

        #expect(HTTPTransportError(passingThrough: timedOut)?.matches(timedOut) == true)
        #expect(HTTPTransportError(passingThrough: CancellationError())?.kind == .cancelled)
    }

    @Test func anyOtherErrorIsLeftToTheTransport() {
        #expect(HTTPTransportError(passingThrough: TestFailure("odd")) == nil)
    }
}
