/// Percent-encoding of plain text for URL paths and queries (RFC 3986), byte by byte over UTF-8.
///
/// Foundation's `CharacterSet.url…Allowed` sets leave `+`, `&`, `=` and `/` unencoded in a query,
/// which servers then read as separators or spaces; these rules do not.
enum PercentEncoding {
    /// Encodes `text` for one path segment: RFC 3986 `pchar` stays, everything else (including
    /// `/`, `?`, `#`, `%`, space and non-ASCII) is encoded.
    static func pathSegment(_ text: String) -> String {
        var encoded: [UInt8] = []
        appendPathSegment(text.utf8, to: &encoded)
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Encodes `text` for a query name or value: only RFC 3986 unreserved characters stay.
    static func queryComponent(_ text: String) -> String {
        var encoded: [UInt8] = []
        appendQueryComponent(text.utf8, to: &encoded)
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes `text` encoded as ``pathSegment(_:)`` does to the UTF-8 bytes `output`.
    static func appendPathSegment(_ text: some Sequence<UInt8>, to output: inout [UInt8]) {
        for byte in text {
            appendPathByte(byte, to: &output)
        }
    }

    /// Appends one byte of a path segment, encoded if it must be.
    @inline(__always)
    static func appendPathByte(_ byte: UInt8, to output: inout [UInt8]) {
        append(byte, to: &output, isAllowed: isPathCharacter(byte))
    }

    /// Appends the UTF-8 bytes `text` encoded as ``queryComponent(_:)`` does to the UTF-8 bytes `output`.
    static func appendQueryComponent(_ text: some Sequence<UInt8>, to output: inout [UInt8]) {
        for byte in text {
            append(byte, to: &output, isAllowed: isUnreserved(byte))
        }
    }

    @inline(__always)
    private static func append(_ byte: UInt8, to output: inout [UInt8], isAllowed: Bool) {
        if isAllowed {
            output.append(byte)
        } else {
            output.append(UInt8(ascii: "%"))
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0x0F))
        }
    }

    /// RFC 3986 `pchar`: unreserved, sub-delimiters, `:` and `@`.
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
    }

    /// `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
