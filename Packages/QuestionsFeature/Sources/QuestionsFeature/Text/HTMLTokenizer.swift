/// One piece of an HTML document.
enum HTMLToken: Equatable {
    /// Text between tags, still entity-encoded.
    case text(String)
    /// An opening tag with its lowercased name and attributes (values still entity-encoded).
    case start(name: String, attributes: [String: String])
    /// A closing tag with its lowercased name.
    case end(name: String)
}

/// Splits HTML into tags and text, forgivingly: a `<` that does not open a well-formed tag is text,
/// comments and declarations are dropped, and nothing ever fails.
///
/// Works on UTF-8 bytes: every byte that matters to markup is ASCII, so slices between them are whole characters.
struct HTMLTokenizer {
    private let bytes: [UInt8]
    private var index = 0
    private var tokens: [HTMLToken] = []
    /// No markup can start after the last `>`: everything from there on is text.
    private let lastClosingBracket: Int

    /// The tokens of `html`, in order.
    static func tokens(of html: String) -> [HTMLToken] {
        var tokenizer = HTMLTokenizer(bytes: Array(html.utf8))
        return tokenizer.run()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        lastClosingBracket = bytes.lastIndex(of: .greaterThan) ?? -1
    }

    private mutating func run() -> [HTMLToken] {
        var textStart = 0
        while index < bytes.count {
            if bytes[index] == .lessThan, let (token, end) = markup(at: index) {
                if textStart < index { tokens.append(.text(bytes.text(textStart..<index))) }
                if let token { tokens.append(token) }
                index = end
                textStart = end
            } else {
                index += 1
            }
        }
        if textStart < index { tokens.append(.text(bytes.text(textStart..<index))) }
        return tokens
    }

    /// The markup starting at `start` (a `<`) and the index after it; `nil` when the `<` is just text.
    private func markup(at start: Int) -> (HTMLToken?, Int)? {
        let next = start + 1
        guard next < bytes.count, start < lastClosingBracket else { return nil }
        switch bytes[next] {
        case UInt8(ascii: "!") where bytes.starts(with: "<!--", at: start):
            return (nil, bytes.find("-->", from: start + 4).map { $0 + 3 } ?? bytes.count)
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            return bytes.find(">", from: next).map { (nil, $0 + 1) }
        case UInt8(ascii: "/"):
            guard let (name, nameEnd) = tagName(at: next + 1), let close = bytes.find(">", from: nameEnd) else {
                return nil
            }
            return (.end(name: name), close + 1)
        default:
            guard let (name, nameEnd) = tagName(at: next) else { return nil }
            var attributes = AttributeScanner(bytes: bytes, index: nameEnd)
            guard let (parsed, end) = attributes.scan() else { return nil }
            return (.start(name: name, attributes: parsed), end)
        }
    }

    private func tagName(at start: Int) -> (String, Int)? {
        var index = start
        while index < bytes.count, bytes[index].isASCIILetter || (index > start && bytes[index].isASCIIDigit) {
            index += 1
        }
        return index == start ? nil : (bytes.text(start..<index).lowercased(), index)
    }
}

/// Reads `name="value"` pairs up to the `>` that closes a tag.
private struct AttributeScanner {
    let bytes: [UInt8]
    var index: Int

    /// The attributes (lowercased names) and the index after `>`, or `nil` when the tag never closes.
    mutating func scan() -> ([String: String], Int)? {
        var attributes: [String: String] = [:]
        while index < bytes.count {
            let byte = bytes[index]
            if byte == .greaterThan { return (attributes, index + 1) }
            if byte.isHTMLWhitespace || byte == UInt8(ascii: "/") {
                index += 1
                continue
            }
            let name = read {
                !$0.isHTMLWhitespace && $0 != UInt8(ascii: "=") && $0 != .greaterThan && $0 != UInt8(ascii: "/")
            }
            skipWhitespace()
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                skipWhitespace()
                guard let parsed = readValue() else { return nil }
                value = parsed
            }
            let key = name.lowercased()
            if attributes[key] == nil { attributes[key] = value }
        }
        return nil
    }

    private mutating func readValue() -> String? {
        guard index < bytes.count else { return nil }
        let quote = bytes[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            return read { !$0.isHTMLWhitespace && $0 != .greaterThan }
        }
        index += 1
        let value = read { $0 != quote }
        guard index < bytes.count else { return nil }
        index += 1
        return value
    }

    private mutating func read(while predicate: (UInt8) -> Bool) -> String {
        let start = index
        while index < bytes.count, predicate(bytes[index]) { index += 1 }
        return bytes.text(start..<index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index].isHTMLWhitespace { index += 1 }
    }
}

extension UInt8 {
    fileprivate static let lessThan = UInt8(ascii: "<")
    fileprivate static let greaterThan = UInt8(ascii: ">")

    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
    /// HTML's whitespace: space, tab, line feed, form feed, carriage return (not no-break space).
    var isHTMLWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
}

extension [UInt8] {
    fileprivate func text(_ range: Range<Int>) -> String {
        String(decoding: self[range], as: UTF8.self)
    }

    fileprivate func starts(with prefix: StaticString, at start: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard start + count <= self.count else { return false }
        return prefix.withUTF8Buffer { buffer in buffer.indices.allSatisfy { self[start + $0] == buffer[$0] } }
    }

    fileprivate func find(_ needle: StaticString, from start: Int) -> Int? {
        var index = start
        while index < count {
            if starts(with: needle, at: index) { return index }
            index += 1
        }
        return nil
    }
}
