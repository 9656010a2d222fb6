import QuestionsFeature
import Testing

@Suite struct HTMLEntitiesTests {
    @Test(arguments: [
        ("SwiftUI List doesn&#39;t update", "SwiftUI List doesn't update"),
        ("Lars &quot;Bits&quot; Nilsen", "Lars \"Bits\" Nilsen"),
        ("J&#246;rg M&#252;ller", "Jörg Müller"),
        ("R&amp;D Guy", "R&D Guy"),
        ("&lt;script&gt;alert(1)&lt;/script&gt;", "<script>alert(1)</script>"),
        ("it&#x27;s &#X41;", "it's A"),
        ("&apos;quoted&apos;", "'quoted'"),
        ("a&nbsp;b", "a\u{00A0}b"),
        ("&copy; 2024 &mdash; &hellip; &euro;5 &rarr; &ouml;&Uuml;&szlig;", "© 2024 — … €5 → öÜß"),
        ("&#128512; &#x1F600;", "😀 😀"),
    ])
    func decodesNamedAndNumericReferences(encoded: String, decoded: String) {
        #expect(HTMLEntities.decode(encoded) == decoded)
    }

    @Test func decodesExactlyOnce() {
        #expect(HTMLEntities.decode("&amp;lt;b&amp;gt;") == "&lt;b&gt;")
        #expect(HTMLEntities.decode("&amp;#39;") == "&#39;")
    }

    @Test(arguments: [
        "AT&T", "a & b", "&", "&;", "&#;", "&#x;", "&unknown;", "&amp", "&ampersand;", "trailing &", "&#xZZ;",
    ])
    func leavesWhatIsNotAKnownReferenceAlone(text: String) {
        #expect(HTMLEntities.decode(text) == text)
    }

    @Test func acceptsNumericReferencesWithoutASemicolonAsBrowsersDo() {
        #expect(HTMLEntities.decode("Ayberk &#214zg&#252r") == "Ayberk Özgür")
    }

    @Test(arguments: ["&#0;", "&#xD800;", "&#x110000;", "&#99999999999999999999;"])
    func replacesImpossibleCodePoints(reference: String) {
        #expect(HTMLEntities.decode(reference) == "\u{FFFD}")
    }

    @Test func readsTheC1RangeAsWindows1252() {
        #expect(HTMLEntities.decode("&#150; &#147;x&#148; &#128;") == "– “x” €")
    }

    @Test func returnsTextWithoutAmpersandsUnchanged() {
        let text = "plain text with <tags> and 'quotes'"

        #expect(HTMLEntities.decode(text) == text)
    }
}
