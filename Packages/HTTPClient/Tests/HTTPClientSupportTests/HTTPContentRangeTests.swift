import HTTPClientSupport
import Testing

struct HTTPContentRangeTests {
    @Test(arguments: [
        ("bytes 0-499/1234", HTTPContentRange(first: 0, last: 499, completeLength: 1234)),
        ("bytes 500-999/*", HTTPContentRange(first: 500, last: 999, completeLength: nil)),
        ("BYTES 5-5/6", HTTPContentRange(first: 5, last: 5, completeLength: 6)),
        ("bytes */1234", HTTPContentRange(first: nil, last: nil, completeLength: 1234)),
        ("  bytes 0-0/1\t", HTTPContentRange(first: 0, last: 0, completeLength: 1)),
        (
            "bytes 0-9223372036854775806/9223372036854775807",
            HTTPContentRange(first: 0, last: 9_223_372_036_854_775_806, completeLength: 9_223_372_036_854_775_807)
        ),
    ])
    func parsesValidValues(value: String, expected: HTTPContentRange) throws {
        #expect(try HTTPContentRange(parsing: value) == expected)
    }

    @Test func countsTheBytesOfTheRange() throws {
        #expect(try HTTPContentRange(parsing: "bytes 10-19/100").count == 10)
        #expect(try HTTPContentRange(parsing: "bytes */100").count == 0)
    }

    @Test func countsAnUncheckedRangeTooLongFor63BitsAsTheLargestCount() {
        #expect(HTTPContentRange(first: 0, last: .max, completeLength: nil).count == .max)
        #expect(HTTPContentRange(first: -1, last: .max, completeLength: nil).count == .max)
    }

    @Test(arguments: [
        ("items 0-1/2", HTTPContentRange.ParseError.unsupportedUnit("items")),
        ("bytes 0-1/x", .malformed("bytes 0-1/x")),
        ("bytes  0-1/2", .malformed("bytes  0-1/2")),
        ("bytes 0 - 1/2", .malformed("bytes 0 - 1/2")),
        ("bytes=0-1/2", .malformed("bytes=0-1/2")),
        ("bytes 0-1", .malformed("bytes 0-1")),
        ("bytes -1/2", .malformed("bytes -1/2")),
        ("bytes 0-/2", .malformed("bytes 0-/2")),
        ("bytes +0-1/2", .malformed("bytes +0-1/2")),
        ("bytes */*", .malformed("bytes */*")),
        ("bytes 0-1,3-4/9", .malformed("bytes 0-1,3-4/9")),
        ("", .malformed("")),
        (" 0-1/2", .malformed(" 0-1/2")),
        ("bytes ٠-١/٢", .malformed("bytes ٠-١/٢")),
        ("bytes 5-4/10", .invalidRange("bytes 5-4/10")),
        ("bytes 0-10/10", .invalidRange("bytes 0-10/10")),
        ("bytes 0-1/99999999999999999999", .numberTooLarge("bytes 0-1/99999999999999999999")),
        ("bytes 400000-9223372036854775807/*", .numberTooLarge("bytes 400000-9223372036854775807/*")),
        ("bytes 0-9223372036854775807/*", .numberTooLarge("bytes 0-9223372036854775807/*")),
    ])
    func refusesInvalidValuesWithTheirReason(value: String, expected: HTTPContentRange.ParseError) {
        #expect(throws: expected) { try HTTPContentRange(parsing: value) }
    }
}
