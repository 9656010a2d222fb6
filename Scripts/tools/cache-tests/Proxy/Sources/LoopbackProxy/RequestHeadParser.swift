/// Reads a ``RequestHead`` from the bytes before the blank line that ends it (RFC 9112, 2 to 5).
///
/// Lines end with CRLF or a bare LF. A request line is `method SP target SP HTTP/x.y`; a field line is
/// `name: value`, with no whitespace before the colon and no line folding. Anything else is a bad request.
enum RequestHeadParser {
    /// Parses `head`: the request line and the field lines, up to the blank line.
    static func parse(_ head: some Collection<UInt8>) throws(ProxyRequestError) -> RequestHead {
        var lines = head.split(separator: lineFeed, omittingEmptySubsequences: false).map { line in
            line.last == carriageReturn ? line.dropLast() : line[...]
        }
        // A client may send empty lines before the request line (RFC 9112, 2.2); the line break that ends the last
        // field line may or may not be part of `head`.
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard let requestLine = lines.first else { throw .badRequest("no request line") }
        let (method, target, version) = try parseRequestLine(requestLine)
        var fields: [RequestHead.Field] = []
        for line in lines.dropFirst() {
            fields.append(try parseField(line))
        }
        return RequestHead(method: method, target: target, version: version, fields: fields)
    }

    private static func parseRequestLine(_ line: some Collection<UInt8>) throws(ProxyRequestError)
        -> (String, String, String)
    {
        let text = String(decoding: line, as: UTF8.self)
        let parts = line.split(separator: space, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = parts.first, let target = parts.dropFirst().first,
            let version = parts.last
        else { throw .badRequest("request line \"\(text)\"") }
        guard !method.isEmpty, method.allSatisfy(isTokenCharacter) else {
            throw .badRequest("method in \"\(text)\"")
        }
        guard !target.isEmpty, target.allSatisfy({ $0 > space && $0 < 0x7F }) else {
            throw .badRequest("target in \"\(text)\"")
        }
        let versionText = String(decoding: version, as: UTF8.self)
        guard isHTTPVersion(versionText) else { throw .badRequest("version in \"\(text)\"") }
        guard versionText == "HTTP/1.1" || versionText == "HTTP/1.0" else {
            throw .versionNotSupported(versionText)
        }
        return (String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self), versionText)
    }

    private static func parseField(_ line: some Collection<UInt8>) throws(ProxyRequestError) -> RequestHead.Field {
        let text = String(decoding: line, as: UTF8.self)
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .badRequest("field line \"\(text)\"") }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else {
            throw .badRequest("field name in \"\(text)\"")
        }
        let value = line[line.index(after: colon)...].drop { $0 == space || $0 == tab }
        let trimmedCount = value.reversed().prefix { $0 == space || $0 == tab }.count
        let trimmed = value.dropLast(trimmedCount)
        guard !trimmed.contains(where: { $0 == carriageReturn || $0 == 0 }) else {
            throw .badRequest("field value in \"\(text)\"")
        }
        return RequestHead.Field(
            name: String(decoding: name, as: UTF8.self), value: String(decoding: trimmed, as: UTF8.self))
    }

    /// `HTTP/` followed by one digit, a dot and one digit.
    private static func isHTTPVersion(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 8 && text.hasPrefix("HTTP/") && isDigit(bytes[5]) && bytes[6] == UInt8(ascii: ".")
            && isDigit(bytes[7])
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// RFC 9110 `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
}
