/// Reads response heads from the lines libcurl's header callback hands over, one line per call.
///
/// A status line (`HTTP/1.1 200 OK`, `HTTP/2 204`) starts a block, `name: value` lines add fields, a line
/// starting with a space or tab continues the previous field (obsolete folding), and an empty line ends the
/// block. Interim (1xx) blocks come before the final one; trailer fields after the final block, lines before
/// any status line and lines that are not fields are ignored. No input makes it fail.
struct ResponseHeadParser: Sendable {
    /// What one line did.
    enum Event: Equatable, Sendable {
        /// A status line started a block.
        case started
        /// The line added to or continued a field.
        case field
        /// An empty line ended this block.
        case ended(ResponseHead)
        /// The line was not part of a block (or not a field), and changed nothing.
        case ignored
    }

    /// The block being read, if any.
    private(set) var current: ResponseHead?
    /// The last block that ended.
    private(set) var last: ResponseHead?

    /// Reads one line, with or without its line ending.
    @discardableResult
    mutating func consume<Line: Collection<UInt8>>(line: Line) -> Event {
        var bytes = Array(line)
        while let end = bytes.last, end == UInt8(ascii: "\n") || end == UInt8(ascii: "\r") {
            bytes.removeLast()
        }
        if bytes.isEmpty {
            guard let head = current else { return .ignored }
            current = nil
            last = head
            return .ended(head)
        }
        if let status = Self.statusCode(ofStatusLine: bytes) {
            current = ResponseHead(statusCode: status)
            return .started
        }
        guard current != nil else { return .ignored }
        if bytes[0] == UInt8(ascii: " ") || bytes[0] == UInt8(ascii: "\t") {
            return continueField(with: bytes)
        }
        guard let field = Self.field(of: bytes) else { return .ignored }
        current?.fields.append(field)
        return .field
    }

    private mutating func continueField(with bytes: [UInt8]) -> Event {
        guard var head = current, let index = head.fields.indices.last else { return .ignored }
        let more = Self.text(Self.trimmed(bytes[...]))
        guard !more.isEmpty else { return .field }
        head.fields[index].value += head.fields[index].value.isEmpty ? more : " " + more
        current = head
        return .field
    }

    /// `HTTP/<digits and dots> <3 digits>[ <reason>]`: the status code, or `nil` when the line is not a status line.
    /// Every header line is asked, so it compares in place and allocates nothing.
    static func statusCode(ofStatusLine bytes: [UInt8]) -> Int? {
        let prefix = "HTTP/".utf8
        guard bytes.count >= prefix.count + 4, bytes.starts(with: prefix) else { return nil }
        guard let space = bytes[prefix.count...].firstIndex(of: UInt8(ascii: " ")), space > prefix.count,
            bytes[prefix.count..<space].allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") })
        else { return nil }
        let digits = bytes[(space + 1)...].prefix { $0 != UInt8(ascii: " ") }
        guard digits.count == 3, digits.allSatisfy(isDigit) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// `name: value` with a non-empty name of visible characters; `nil` otherwise.
    static func field(of bytes: [UInt8]) -> ResponseHead.Field? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
        let name = bytes[..<colon]
        guard name.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return ResponseHead.Field(name: text(name), value: text(trimmed(bytes[(colon + 1)...])))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return [] }
        return bytes[first...last]
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
