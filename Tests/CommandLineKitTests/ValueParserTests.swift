import CommandLineKit
import Testing

struct ValueParserTests {
    private let context = OptionContext(option: "--n", command: "run")

    @Test func integersMustLieInTheirRange() throws {
        let parser = ValueParser<Int>.integer(in: 1...5)

        #expect(try parser.parse("5", in: context) == 5)
        #expect(throws: UsageError(description: "--n must be a whole number from 1 to 5, not '6'", command: "run")) {
            try parser.parse("6", in: context)
        }
        #expect(throws: UsageError.self) { try parser.parse("2.0", in: context) }
    }

    @Test func choicesAreTheCasesInTheirOrder() throws {
        let parser = ValueParser<Shell>.choice

        #expect(parser.completion == .choice(["bash", "zsh", "fish"]))
        #expect(try parser.parse("zsh", in: context) == .zsh)
        #expect(throws: UsageError(description: "--n must be one of bash, zsh, fish, not 'ksh'", command: "run")) {
            try parser.parse("ksh", in: context)
        }
    }

    @Test func filePathsMustNotBeEmpty() throws {
        let parser = ValueParser<String>.file(needs: "an archive")

        #expect(parser.completion == .file)
        #expect(try parser.parse("a.har", in: context) == "a.har")
        #expect(throws: UsageError(description: "--n needs an archive", command: "run")) {
            try parser.parse("", in: context)
        }
    }

    @Test func mapTransformsAndMayReject() throws {
        let even = ValueParser<Int>.integer(in: 0...10).map { value, context throws(UsageError) in
            guard value.isMultiple(of: 2) else { throw context.error("\(context.option) must be even") }
            return value / 2
        }

        #expect(try even.parse("8", in: context) == 4)
        #expect(throws: UsageError(description: "--n must be even", command: "run")) {
            try even.parse("3", in: context)
        }
    }
}
