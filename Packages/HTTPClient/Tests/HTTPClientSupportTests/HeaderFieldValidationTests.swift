import HTTPClient
import HTTPClientSupport
import Testing

@Suite("HTTPHeaders.validateForSending: every field goes out as one header line")
struct HeaderFieldValidationTests {
    @Test(
        "ordinary fields pass, an empty value and non-ASCII text included",
        arguments: [
            [:], ["Accept": "application/json"], ["X-Empty": ""], ["X-Name": "café 日本", "X-Tab": "a\tb"],
        ] as [HTTPHeaders])
    func acceptsOrdinaryFields(headers: HTTPHeaders) throws {
        try headers.validateForSending()
    }

    @Test(
        "a value with a carriage return, line feed or NUL is refused, naming its field",
        arguments: ["a\r\nHost: evil", "a\rb", "a\nb", "a\u{0}b", "\n"])
    func refusesLineBreakInValue(value: String) {
        let headers: HTTPHeaders = ["Accept": "*/*", "X-Bad": value]

        #expect(throws: InvalidHeaderFieldError(name: "X-Bad", problem: .lineBreakOrNULInValue)) {
            try headers.validateForSending()
        }
    }

    @Test(
        "a name with a carriage return, line feed or NUL is refused",
        arguments: ["X-A\r\nHost", "X\rA", "X\nA", "X\u{0}A"])
    func refusesLineBreakInName(name: String) {
        let headers = HTTPHeaders([(name, "v")])

        #expect(throws: InvalidHeaderFieldError(name: name, problem: .lineBreakOrNULInName)) {
            try headers.validateForSending()
        }
    }

    @Test("an empty name is refused")
    func refusesEmptyName() {
        let headers = HTTPHeaders([("", "v")])

        #expect(throws: InvalidHeaderFieldError(name: "", problem: .emptyName)) {
            try headers.validateForSending()
        }
    }

    @Test("the first field that cannot be sent is the one named")
    func namesTheFirstInvalidField() {
        let headers = HTTPHeaders([("X-One", "ok"), ("X-Two", "a\nb"), ("", "c")])

        #expect(throws: InvalidHeaderFieldError(name: "X-Two", problem: .lineBreakOrNULInValue)) {
            try headers.validateForSending()
        }
    }

    @Test("the description names the field with its control characters escaped, never the value")
    func describesWithoutTheValue() {
        let inValue = InvalidHeaderFieldError(name: "Authorization", problem: .lineBreakOrNULInValue)
        let inName = InvalidHeaderFieldError(name: "X\r\nY", problem: .lineBreakOrNULInName)

        #expect(inValue.description == "the value of header \"Authorization\" holds a line break or NUL character")
        #expect(inName.description == #"header name "X\r\nY" holds a line break or NUL character"#)
        #expect(!inName.description.contains("\r"))
        #expect(
            InvalidHeaderFieldError(name: "", problem: .emptyName).localizedDescription
                == "a header field has an empty name")
    }
}
