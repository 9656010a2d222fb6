import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// `--write-out FORMAT` read once into text and curl's variables.
struct WriteOutTemplateTests {
    @Test func readsVariablesTextAndEscapes() throws {
        let template = try WriteOutTemplate(parsing: "code=%{http_code}\\t%{time_total}s 100%% \\n")

        #expect(
            template.pieces == [
                .text("code="), .variable(.httpCode), .text("\t"), .variable(.timeTotal), .text("s 100% \n"),
            ])
    }

    @Test func knowsEveryVariableByCurlsName() throws {
        for variable in WriteOutVariable.allCases {
            #expect(try WriteOutTemplate(parsing: "%{\(variable.rawValue)}").pieces == [.variable(variable)])
        }
        #expect(WriteOutVariable.allCases.count == 17)
    }

    @Test func keepsAnyOtherPercentOrBackslashAsItIs() throws {
        let template = try WriteOutTemplate(parsing: "%d \\x 50% %")

        #expect(template.pieces == [.text("%d \\x 50% %")])
    }

    @Test func rendersEachVariablesValueInPlace() throws {
        let template = try WriteOutTemplate(parsing: "%{method} %{http_code}\\n")

        #expect(template.render { $0 == .method ? "GET" : "200" } == "GET 200\n")
    }

    @Test func rejectsAnUnknownVariable() {
        #expect(throws: WriteOutFormatError(reason: .unknownVariable("response_time"))) {
            try WriteOutTemplate(parsing: "%{http_code} %{response_time}")
        }
        #expect(throws: WriteOutFormatError(reason: .unknownVariable(""))) { try WriteOutTemplate(parsing: "%{}") }
    }

    @Test func rejectsAnOpenedVariableWithoutItsClosingBrace() {
        #expect(throws: WriteOutFormatError(reason: .unclosedVariable)) {
            try WriteOutTemplate(parsing: "%{http_code")
        }
        #expect(throws: WriteOutFormatError(reason: .unclosedVariable)) { try WriteOutTemplate(parsing: "a %{") }
    }

    @Test func anUnknownVariablesMessageListsTheKnownOnes() {
        let error = WriteOutFormatError(reason: .unknownVariable("nope"))

        #expect(error.description.hasPrefix("unknown variable %{nope}; known: %{http_code} %{method}"))
    }
}
