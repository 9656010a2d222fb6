import Foundation

/// Builds plain text from inline runs and block breaks, the way a browser lays out HTML text.
///
/// Whitespace inside a run collapses to one space, breaks requested by blocks merge (a paragraph end and a
/// list start give one blank line), and each new line starts with the prefixes of the enclosing blocks
/// (quote markers, list indentation).
struct PlainTextWriter {
    private(set) var output = ""
    private var pendingBreaks = 0
    private var pendingSpace = false
    private var atLineStart = true
    private var pendingMarker: String?
    private var breakQuoteDepth = 0
    /// `"> "` per enclosing quote.
    var quoteDepth = 0
    /// The indentation that continuation lines of each enclosing list item get.
    var indents: [String] = []

    /// Ends the current line (`lines: 1`) or paragraph (`lines: 2`) before the next text; merges with others.
    mutating func breakLine(_ lines: Int) {
        guard !output.isEmpty else { return }
        noteBreakQuoteDepth()
        pendingBreaks = max(pendingBreaks, lines)
        pendingSpace = false
    }

    /// A forced line break (`<br>`): adds to the breaks already requested.
    mutating func forceLineBreak() {
        guard !output.isEmpty else { return }
        noteBreakQuoteDepth()
        pendingBreaks += 1
        pendingSpace = false
    }

    /// Blank lines between a quote and what surrounds it belong to the outer level.
    private mutating func noteBreakQuoteDepth() {
        breakQuoteDepth = pendingBreaks == 0 ? quoteDepth : min(breakQuoteDepth, quoteDepth)
    }

    /// Starts a list item: its first line begins with `marker`, the following lines are indented to match.
    mutating func startItem(marker: String) {
        breakLine(1)
        pendingMarker = marker
        indents.append(String(repeating: " ", count: marker.count))
    }

    /// Ends the innermost list item.
    mutating func endItem() {
        if !indents.isEmpty { indents.removeLast() }
        pendingMarker = nil
        breakLine(1)
    }

    /// Writes text, collapsing runs of whitespace into single spaces.
    mutating func write(collapsing text: String) {
        let bytes = text.utf8
        var wordStart: String.Index?
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index].isHTMLWhitespace {
                if let start = wordStart { writeAtom(text[start..<index]) }
                wordStart = nil
                pendingSpace = true
            } else if wordStart == nil {
                wordStart = index
            }
            index = bytes.index(after: index)
        }
        if let start = wordStart { writeAtom(text[start...]) }
    }

    /// Writes `text` as one word, after a space if one is pending.
    mutating func writeAtom(_ text: some StringProtocol) {
        startLineIfNeeded()
        if pendingSpace && !atLineStart { output += " " }
        pendingSpace = false
        output += text
        atLineStart = false
    }

    /// Writes `text` right after what came before, without a pending space (for closing backticks).
    mutating func writeAttached(_ text: String) {
        pendingSpace = false
        writeAtom(text)
    }

    /// Requests a space before the next text (inline elements between words).
    mutating func space() {
        pendingSpace = true
    }

    /// Writes a preformatted block: every line kept as it is, indented by four spaces.
    mutating func writePreformatted(_ text: String) {
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line))
        }
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        guard !lines.isEmpty else { return }
        breakLine(2)
        for (number, line) in lines.enumerated() {
            if number > 0 { pendingBreaks = 1 }
            startLineIfNeeded()
            output += "    " + line
            atLineStart = false
        }
        breakLine(2)
    }

    /// The finished text: trailing spaces trimmed from every line, no-break spaces shown as spaces,
    /// no blank lines at the start or end.
    func finished() -> String {
        // U+00A0 is C2 A0 in UTF-8; a lone A0 byte is only a hint (it also ends other characters). Replaced scalar
        // by scalar: a no-break space followed by a combining mark is one character, which a search by character
        // would not find.
        let text = output.utf8.contains(0xA0) ? Self.replacingNoBreakSpaces(output) : output
        var lines: [Substring] = []
        var lineStart = text.startIndex
        var index = text.utf8.startIndex
        while index != text.utf8.endIndex {
            if text.utf8[index] == UInt8(ascii: "\n") {
                lines.append(Self.trimmingTrailingSpaces(text[lineStart..<index]))
                lineStart = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        lines.append(Self.trimmingTrailingSpaces(text[lineStart...]))
        let isBlank: (Substring) -> Bool = { $0.utf8.allSatisfy { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: " ") } }
        while let first = lines.first, isBlank(first) { lines.removeFirst() }
        while let last = lines.last, isBlank(last) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private static func replacingNoBreakSpaces(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.map { $0 == "\u{00A0}" ? " " : $0 })
        return String(scalars)
    }

    private static func trimmingTrailingSpaces(_ line: Substring) -> Substring {
        var end = line.utf8.endIndex
        while end > line.utf8.startIndex {
            let previous = line.utf8.index(before: end)
            guard line.utf8[previous] == UInt8(ascii: " ") || line.utf8[previous] == UInt8(ascii: "\t") else { break }
            end = previous
        }
        return line[..<end]
    }

    private mutating func startLineIfNeeded() {
        if pendingBreaks > 0 {
            let quote = String(repeating: ">", count: min(breakQuoteDepth, quoteDepth))
            for _ in 1..<pendingBreaks { output += "\n" + quote }
            output += "\n"
            pendingBreaks = 0
            atLineStart = true
        }
        guard atLineStart else { return }
        output += String(repeating: "> ", count: quoteDepth)
        if let marker = pendingMarker {
            output += indents.dropLast().joined() + marker
            pendingMarker = nil
        } else {
            output += indents.joined()
        }
        pendingSpace = false
    }
}
