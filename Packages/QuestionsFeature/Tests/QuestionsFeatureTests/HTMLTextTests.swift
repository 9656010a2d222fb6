import QuestionsFeature
import Testing

@Suite struct HTMLTextTests {
    @Test func separatesParagraphsWithABlankLine() {
        #expect(text("<p>First.</p>\n<p>Second.</p>") == "First.\n\nSecond.")
    }

    @Test func breaksLinesAtBr() {
        #expect(text("<p>one<br>two<br/>three<br />four</p>") == "one\ntwo\nthree\nfour")
        #expect(text("a<br><br>b") == "a\n\nb")
    }

    @Test func collapsesWhitespaceOutsidePre() {
        #expect(text("<p>  lots   of\n\t space  </p>") == "lots of space")
        #expect(text("a <em>b</em> c<strong> d</strong>") == "a b c d")
    }

    @Test func startsListItemsWithBulletsOrNumbers() {
        #expect(text("<ul>\n<li>one</li>\n<li>two</li>\n</ul>") == "• one\n• two")
        #expect(
            text("<ol><li>Reset caches</li><li>Deleted DerivedData</li></ol>")
                == "1. Reset caches\n2. Deleted DerivedData")
    }

    @Test func indentsNestedListsAndContinuationLines() {
        let html = "<ul><li>outer<ul><li>inner</li></ul></li><li>second<br>continued</li></ul>"

        #expect(text(html) == "• outer\n  • inner\n• second\n  continued")
    }

    @Test func toleratesListItemsWithoutClosingTags() {
        #expect(text("<ul><li>a<li>b</ul><p>after</p>") == "• a\n• b\n\nafter")
    }

    @Test func keepsPreformattedCodeVerbatimAndIndented() {
        let html = """
            <p>Code:</p>
            <pre class="lang-swift"><code>func load() {
                if a &lt; b &amp;&amp; c {   // two  spaces
                    return
                }
            }
            </code></pre>
            <p>Done.</p>
            """

        #expect(
            text(html) == """
                Code:

                    func load() {
                        if a < b && c {   // two  spaces
                            return
                        }
                    }

                Done.
                """)
    }

    @Test func wrapsInlineCodeInBackticks() {
        #expect(
            text("<p>Use <code>Task.detached</code>, not <code>Task</code>.</p>") == "Use `Task.detached`, not `Task`.")
    }

    @Test func showsLinksAsTextThenURL() {
        #expect(
            text(#"<p>See <a href="https://example.com/docs?a=1&amp;b=2" rel="nofollow">the docs</a>.</p>"#)
                == "See the docs (https://example.com/docs?a=1&b=2).")
        #expect(text(#"<a href="https://example.com">https://example.com</a>"#) == "https://example.com")
        #expect(text(##"<a href="#fragment">jump</a>"##) == "jump")
        #expect(text(#"<a href="https://example.com"></a>"#) == "https://example.com")
    }

    @Test func describesImages() {
        #expect(
            text(#"<p><img src="https://i.sstatic.net/x.png" alt="chart"></p>"#)
                == "[image: chart] (https://i.sstatic.net/x.png)")
        #expect(
            text(#"<a href="https://i.sstatic.net/x.png"><img src="https://i.sstatic.net/x.png" alt=""></a>"#)
                == "[image] (https://i.sstatic.net/x.png)")
    }

    @Test func prefixesBlockquotes() {
        #expect(
            text("<p>He said:</p><blockquote><p>one</p><p>two</p></blockquote><p>end</p>")
                == "He said:\n\n> one\n>\n> two\n\nend")
    }

    @Test func decodesEntitiesAfterFindingTags() {
        #expect(text("<p>&lt;b&gt;not bold&lt;/b&gt; &amp;lt;</p>") == "<b>not bold</b> &lt;")
    }

    @Test func dropsScriptsStylesAndComments() {
        #expect(text("<p>a<script>alert('<p>x</p>')</script>b<!-- hidden -->c<style>p{}</style></p>") == "abc")
    }

    @Test func treatsALoneAngleBracketAsText() {
        #expect(text("<p>if a < b and c <= d then x</p>") == "if a < b and c <= d then x")
        #expect(text("3 <4") == "3 <4")
    }

    @Test func survivesUnclosedAndStrayTags() {
        #expect(text("<p>open <em>never closed<p>next") == "open never closed\n\nnext")
        #expect(text("</li></ul></pre></blockquote>text</code></a>") == "text")
        #expect(text("<pre>unterminated\n  code") == "    unterminated\n      code")
        #expect(text("<a href=\"unterminated>text") == "<a href=\"unterminated>text")
    }

    @Test func showsNoBreakSpacesAsSpaces() {
        #expect(text("a&nbsp;&nbsp;b") == "a  b")
    }

    @Test func showsANoBreakSpaceBeforeACombiningMarkAsASpace() {
        // "&nbsp;" and U+030E form one character.
        #expect(text("a&nbsp;\u{030E}b") == "a \u{030E}b")
    }

    @Test func convertsARealQuestionBody() {
        let body = """
            <p>I moved my view model from <code>ObservableObject</code> to the new <code>@Observable</code> macro.</p>
            <pre class="lang-swift prettyprint-override"><code>@Observable
            final class FeedModel {
                var items: [Item] = []
            }
            </code></pre>
            <p>If I wrap the assignment in <code>await MainActor.run { ... }</code> it works, \
            but I don't understand why.</p>
            <ul>
            <li>Xcode 16.1, iOS 18.1 simulator</li>
            <li>Swift 6 language mode is <em>off</em></li>
            </ul>

            """

        #expect(
            text(body) == """
                I moved my view model from `ObservableObject` to the new `@Observable` macro.

                    @Observable
                    final class FeedModel {
                        var items: [Item] = []
                    }

                If I wrap the assignment in `await MainActor.run { ... }` it works, but I don't understand why.

                • Xcode 16.1, iOS 18.1 simulator
                • Swift 6 language mode is off
                """)
    }

    @Test(arguments: ["", "   ", "<p></p>", "<br><br>", "<!-- only a comment -->"])
    func emptyDocumentsGiveEmptyText(html: String) {
        #expect(text(html) == "")
    }

    private func text(_ html: String) -> String {
        HTMLText.plainText(fromHTML: html)
    }
}
