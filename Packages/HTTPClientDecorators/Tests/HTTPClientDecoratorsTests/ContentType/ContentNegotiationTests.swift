import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPClientDecorators

/// The byte-level fast paths must give exactly the verdicts of the general (Foundation and `String`) code.
struct ContentNegotiationTests {
    @Test func theFastPathAgreesWithMediaRangeOnGeneratedValues() {
        var random = SplitMix64(seed: 20_261_121)
        for _ in 0..<20_000 {
            let accept = Self.generatedValue(using: &random)
            let contentType = Int.random(in: 0..<8, using: &random) == 0 ? nil : Self.generatedValue(using: &random)
            let fast = ContentNegotiation.fastVerdict(accept: accept, contentType: contentType)
            let general = ContentNegotiation.generalVerdict(accept: accept, contentType: contentType)

            #expect(fast == general, "Accept \"\(accept)\", Content-Type \(contentType.map { "\"\($0)\"" } ?? "nil")")
            if fast != general { return }
        }
    }

    @Test(arguments: [
        ("application/json", "application/json; charset=utf-8"), ("=q=0.5", "a/b"), ("a/b;=q=0", "a/b"),
        ("a/b;q==0", "a/b"), ("a/b;q=", "a/b"), ("a/b; Q = 0 ", "A/B"), ("a/b;x=1;q=0;q=1", "a/b"),
        ("a/b;q=0x1p-1", "a/b"), ("a/b;q=nan", "a/b"), ("a/b;q=1.5", "a/b"), ("*;q=0, a/*", "a/c"),
        ("*/b", "a/b"), ("a/b/c", "a/b/c"), ("a /b", "a/b"), ("\ta/b\t", " a/b ;x"), (",,a/b,,", "a/b"),
        ("a/*;q=0, a/b", "a/b"), ("a/b;q=0, a/b", "a/b"), ("*/*", "*/*"), ("a/b", "a/b\r\n"), (" , ", "a/b"),
    ])
    func theFastPathAgreesWithMediaRangeOnEdgeCases(_ accept: String, _ contentType: String) {
        for type in [contentType, nil] {
            #expect(
                ContentNegotiation.fastVerdict(accept: accept, contentType: type)
                    == ContentNegotiation.generalVerdict(accept: accept, contentType: type))
        }
    }

    @Test(arguments: [("text/html\u{A0}", "text/html"), ("\u{2003}text/*", "text/plain"), ("a/b", "a/b\u{301}")])
    func nonASCIIValuesTakeTheGeneralPath(_ accept: String, _ contentType: String) {
        #expect(ContentNegotiation.fastVerdict(accept: accept, contentType: contentType) == nil)
        #expect(
            ContentNegotiation.verdict(accept: accept, contentType: contentType)
                == ContentNegotiation.generalVerdict(accept: accept, contentType: contentType))
    }

    @Test(arguments: [
        "Bearer abc", "", " ", "\t \t", " x ", "a\rb", "a\nb", "a\0b", "\u{A0}", "\u{2003}\u{3000}", "\u{A0}x",
        "é", " \u{301}", "\u{0B}", "\u{85}", "Bearer \u{1F511}",
    ])
    func authorizationValuesAreJudgedAsWithFoundation(_ value: String) {
        let expected =
            !value.trimmingCharacters(in: .whitespaces).isEmpty
            && !value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }

        #expect(AuthorizationValue.isValid(value) == expected)
    }

    /// Half of the time well-formed media types with parameters, else text built from the pieces that matter to
    /// the grammar: separators, wildcards, whitespace, letter case, weights.
    private static func generatedValue(using random: inout SplitMix64) -> String {
        func pick(_ options: [String]) -> String { options[Int.random(in: 0..<options.count, using: &random)] }
        if Bool.random(using: &random) {
            return (0..<Int.random(in: 1...3, using: &random)).map { _ in
                var entry =
                    pick(["", " ", "\t"]) + pick(["a", "A", "text", "*"]) + "/" + pick(["b", "B", "html", "*", ""])
                for _ in 0..<Int.random(in: 0...2, using: &random) {
                    entry += ";" + pick(["", " "]) + pick(["q", "Q", "x"]) + pick(["", " "]) + "="
                    entry += pick(["0", "0.5", "1", "1.5", "x", "", " 0 "])
                }
                return entry + pick(["", " "])
            }.joined(separator: pick([",", ", ", ",,"]))
        }
        let pieces = [
            "a", "A", "b", "text", "TEXT", "html", "json", "/", "/", "*", "*", ",", ",", ";", ";", "=", "q", "Q",
            "q=", "q=0", "q=0.5", "q=1", "q=1.5", "q=x", " ", " ", "\t", "0", ".5", "-", "+", "\r\n",
        ]
        return (0..<Int.random(in: 0...12, using: &random)).map { _ in pick(pieces) }.joined()
    }
}
