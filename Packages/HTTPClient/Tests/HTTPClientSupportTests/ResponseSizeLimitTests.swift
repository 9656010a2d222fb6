import HTTPClientSupport
import Testing

@Suite("ResponseSizeLimit: when a body is refused")
struct ResponseSizeLimitTests {
    private let limit = ResponseSizeLimit(maximumBytes: 100)

    @Test(
        "a length past the limit is refused up front unless the body is content-encoded",
        arguments: [
            (101, nil, true), (101, "identity", true), (101, "gzip", false), (101, " br ", false), (101, " ", true),
            (100, nil, false), (-1, nil, false),
        ] as [(Int64, String?, Bool)])
    func refusesUpFront(length: Int64, encoding: String?, refused: Bool) {
        #expect(limit.refusesUpFront(expectedLength: length, contentEncoding: encoding) == refused)
    }

    @Test("the limit itself is allowed; one byte more is past it")
    func boundary() {
        #expect(!limit.isExceeded(by: 100))
        #expect(limit.isExceeded(by: 101))
    }
}
