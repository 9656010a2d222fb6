import CCurl
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import CurlInfrastructure

@Suite("CurlErrorMapper")
struct CurlErrorMapperTests {
    @Test("each CURLcode family maps to its HTTPTransportError case, keeping the code and message")
    func families() {
        #expect(kind(CURLE_OPERATION_TIMEDOUT) == .timedOut)
        #expect(kind(CURLE_COULDNT_CONNECT) == .cannotConnect)
        #expect(kind(CURLE_COULDNT_RESOLVE_HOST) == .cannotConnect)
        #expect(kind(CURLE_RECV_ERROR) == .connectionLost)
        #expect(kind(CURLE_SEND_ERROR) == .connectionLost)
        #expect(kind(CURLE_GOT_NOTHING) == .connectionLost)
        #expect(kind(CURLE_PARTIAL_FILE) == .connectionLost)
        #expect(kind(CURLE_HTTP2_STREAM) == .connectionLost)
        #expect(kind(CURLE_PEER_FAILED_VERIFICATION) == .secureConnectionFailed)
        #expect(kind(CURLE_SSL_CONNECT_ERROR) == .secureConnectionFailed)
        #expect(kind(CURLE_BAD_CONTENT_ENCODING) == .undecodableContent)
        #expect(kind(CURLE_URL_MALFORMAT) == .invalidURL)
        #expect(kind(CURLE_WEIRD_SERVER_REPLY) == .invalidResponse)
        #expect(kind(CURLE_TOO_MANY_REDIRECTS) == .tooManyRedirects)
        #expect(kind(CURLE_OUT_OF_MEMORY) == .other)
    }

    @Test("a body libcurl cannot send again is a lost connection, transient, whose cause is a BodyRewindError")
    func rewind() {
        let error = CurlErrorMapper.map(CURLE_SEND_FAIL_REWIND, message: "seek callback returned error 2", url: "")

        #expect(error.kind == .connectionLost)
        #expect(error.isTransient)
        #expect(
            error.underlying as? CurlClient.BodyRewindError
                == CurlClient.BodyRewindError(
                    underlying: CurlError(code: 65, message: "seek callback returned error 2")))
    }

    @Test("the underlying error is libcurl's code with the transfer's message")
    func underlying() {
        let error = CurlErrorMapper.map(
            CURLE_COULDNT_CONNECT, message: "Failed to connect to h port 1", url: "http://h:1/")

        guard case .cannotConnect(let cause) = error else {
            Issue.record("expected cannotConnect, got \(error)")
            return
        }
        #expect(cause as? CurlError == CurlError(code: 7, message: "Failed to connect to h port 1"))
    }

    @Test("without a message, libcurl's generic text for the code is used")
    func genericMessage() {
        let error = CurlError(CURLE_GOT_NOTHING)

        #expect(error.code == 52)
        #expect(error.message == "Server returned nothing (no headers, no data)")
    }

    @Test("an invalid URL names the (redacted) URL it was given")
    func invalidURL() {
        let error = CurlErrorMapper.map(CURLE_URL_MALFORMAT, message: "bad", url: "http://[redacted]@h/")

        #expect(error.matches(.invalidURL("http://[redacted]@h/ (libcurl error 3: bad)")))
    }

    private func kind(_ code: CURLcode) -> HTTPTransportError.Kind {
        CurlErrorMapper.map(code, message: "m", url: "http://h/").kind
    }
}
