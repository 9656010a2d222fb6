import Testing

@testable import CommandLineKit

struct TerminalTextTests {
    @Test(arguments: [
        ("\u{1B}[2J", "^[[2J"), ("\u{1B}]0;title\u{07}", "^[]0;title^G"), ("a\r\u{1B}[2Kb", "a^M^[[2Kb"),
        ("nul\u{0}", "nul^@"), ("del\u{7F}", "del^?"), ("csi\u{9B}1m", "csi\u{FFFD}1m"), ("\u{85}", "\u{FFFD}"),
        ("\r\n", "^M\n"),
    ])
    func controlCharactersBecomeVisible(text: String, shown: String) {
        #expect(TerminalText.sanitized(text) == shown)
    }

    @Test func lineFeedsTabsAndPrintableTextPassUnchanged() {
        let text = "Title\twith tab\nsecond line · ✓ 陈伟 é \u{A0}"

        #expect(TerminalText.sanitized(text) == text)
    }
}
