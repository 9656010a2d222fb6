import Testing

@testable import CurlInfrastructure

@Suite("ContentCoding")
struct ContentCodingTests {
    @Test(
        "a Content-Encoding value gives the codings in the order applied, or nil when one is not decoded here",
        arguments: [
            (nil, [ContentCoding]?.some([])),
            ("identity", []),
            ("gzip", [.gzip]),
            ("X-Gzip", [.gzip]),
            ("deflate , gzip", [.deflate, .gzip]),
            ("identity, deflate", [.deflate]),
            ("br", nil),
            ("gzip, compress", nil),
        ] as [(String?, [ContentCoding]?)]
    )
    func decoding(header: String?, expected: [ContentCoding]?) {
        #expect(ContentCoding.decoding(header) == expected)
    }
}
