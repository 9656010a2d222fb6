/// Turns an HTML fragment (a question body) into plain text for a terminal.
///
/// - Paragraphs, headings and other blocks are separated by blank lines; `<br>` breaks the line.
/// - List items start with `• ` (or `1. `, `2. `… inside `<ol>`); nested lists are indented.
/// - `<pre>` blocks keep their text verbatim, indented by four spaces; inline `<code>` is wrapped in backticks.
/// - Links read `text (url)` (just `url` when the text is the URL); images read `[image: alt] (src)`.
/// - Blockquotes are prefixed with `> `; `<script>`, `<style>` and comments are dropped; other tags are
///   stripped, keeping their text.
/// - Entities are decoded once (see ``HTMLEntities``); whitespace collapses outside `<pre>`.
///
/// Malformed HTML never fails: unclosed and stray tags are tolerated and a lone `<` is text.
public enum HTMLText {
    /// The plain text of `html`.
    public static func plainText(fromHTML html: String) -> String {
        var converter = HTMLTextConverter()
        for token in HTMLTokenizer.tokens(of: html) {
            converter.consume(token)
        }
        return converter.finish()
    }
}

/// The state of one conversion: open lists, links, preformatted blocks and skipped elements.
private struct HTMLTextConverter {
    private struct List {
        let ordered: Bool
        var count = 0
        var itemOpen = false
    }

    private var writer = PlainTextWriter()
    private var lists: [List] = []
    private var links: [(href: String, text: String)] = []
    private var preformatted: String?
    private var preDepth = 0
    private var skipDepth = 0
    private var codeDepth = 0

    private static let paragraphBlocks: Set = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "table", "dl", "figure", "address", "details",
    ]
    private static let lineBlocks: Set = ["div", "tr", "dt", "dd", "section", "article", "header", "footer", "summary"]
    private static let skipped: Set = ["script", "style", "head", "template", "noscript"]

    mutating func consume(_ token: HTMLToken) {
        switch token {
        case .text(let raw):
            guard skipDepth == 0 else { return }
            text(HTMLEntities.decode(raw))
        case .start(let name, let attributes):
            start(name, attributes)
        case .end(let name):
            end(name)
        }
    }

    mutating func finish() -> String {
        if let preformatted { writer.writePreformatted(preformatted) }
        return writer.finished()
    }

    private mutating func text(_ text: String) {
        if preformatted != nil {
            preformatted? += text
            return
        }
        if !links.isEmpty { links[links.count - 1].text += text }
        writer.write(collapsing: text)
    }

    private mutating func start(_ name: String, _ attributes: [String: String]) {
        if Self.skipped.contains(name) { skipDepth += 1 }
        guard skipDepth == 0 else { return }
        if preformatted != nil {
            if name == "pre" { preDepth += 1 } else if name == "br" { preformatted? += "\n" }
            return
        }
        switch name {
        case "pre":
            preformatted = ""
            preDepth = 1
        case "br": writer.forceLineBreak()
        case "hr":
            writer.breakLine(2)
            writer.writeAtom("---")
            writer.breakLine(2)
        case "blockquote":
            writer.breakLine(2)
            writer.quoteDepth += 1
        case "ul", "ol":
            writer.breakLine(lists.isEmpty ? 2 : 1)
            lists.append(List(ordered: name == "ol"))
        case "li": startItem()
        case "code":
            writer.writeAtom("`")
            codeDepth += 1
        case "a": links.append((href: HTMLEntities.decode(attributes["href"] ?? ""), text: ""))
        case "img": image(attributes)
        case "td", "th": writer.space()
        default:
            if Self.paragraphBlocks.contains(name) {
                writer.breakLine(2)
            } else if Self.lineBlocks.contains(name) {
                writer.breakLine(1)
            }
        }
    }

    private mutating func end(_ name: String) {
        if Self.skipped.contains(name) {
            skipDepth = max(0, skipDepth - 1)
            return
        }
        guard skipDepth == 0 else { return }
        if let block = preformatted {
            guard name == "pre" else { return }
            preDepth -= 1
            guard preDepth == 0 else { return }
            preformatted = nil
            writer.writePreformatted(block)
            return
        }
        switch name {
        case "blockquote":
            writer.breakLine(2)
            writer.quoteDepth = max(0, writer.quoteDepth - 1)
        case "ul", "ol":
            guard let list = lists.popLast() else { return }
            if list.itemOpen { writer.endItem() }
            writer.breakLine(lists.isEmpty ? 2 : 1)
        case "li":
            guard let last = lists.indices.last, lists[last].itemOpen else { return }
            lists[last].itemOpen = false
            writer.endItem()
        case "code":
            guard codeDepth > 0 else { return }
            codeDepth -= 1
            writer.writeAttached("`")
        case "a": endLink()
        default:
            if Self.paragraphBlocks.contains(name) {
                writer.breakLine(2)
            } else if Self.lineBlocks.contains(name) {
                writer.breakLine(1)
            }
        }
    }

    private mutating func startItem() {
        if lists.isEmpty { lists.append(List(ordered: false)) }
        let last = lists.count - 1
        if lists[last].itemOpen { writer.endItem() }
        lists[last].count += 1
        lists[last].itemOpen = true
        writer.startItem(marker: lists[last].ordered ? "\(lists[last].count). " : "• ")
    }

    private mutating func endLink() {
        guard let link = links.popLast() else { return }
        if !links.isEmpty { links[links.count - 1].text += link.text }
        let href = link.href.trimmingWhitespace()
        let shown = link.text.trimmingWhitespace()
        guard !href.isEmpty, !href.hasPrefix("#"), href != shown else { return }
        if shown.isEmpty {
            writer.writeAtom(href)
        } else {
            writer.space()
            writer.writeAtom("(\(href))")
        }
    }

    private mutating func image(_ attributes: [String: String]) {
        let alt = HTMLEntities.decode(attributes["alt"] ?? "").trimmingWhitespace()
        let source = HTMLEntities.decode(attributes["src"] ?? "").trimmingWhitespace()
        let label = alt.isEmpty ? "[image]" : "[image: \(alt)]"
        if !links.isEmpty { links[links.count - 1].text += label }
        writer.space()
        writer.write(collapsing: label)
        if !source.isEmpty, links.last?.href != source {
            writer.space()
            writer.writeAtom("(\(source))")
        }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
