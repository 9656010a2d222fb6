/// Percent-encoding of plain text for URL paths and queries (RFC 3986), byte by byte over UTF-8.
///
/// Foundation's `CharacterSet.url…Allowed` sets leave `+`, `&`, `=` and `/` unencoded in a query,
/// which servers then read as separators or spaces; these rules do not.
enum PercentEncoding {
    /// Encodes `text` for one path segment: RFC 3986 `pchar` stays, everything else (including
    /// `/`, `?`, `#`, `%`, space and non-ASCII) is encoded.
    static func pathSegment(_ text: String) -> String {
        encode(text) { isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "@") }
    }

    /// Encodes `text` for a query name or value: only RFC 3986 unreserved characters stay.
    static func queryComponent(_ text: String) -> String {
        encode(text, keeping: isUnreserved)
    }

    private static func encode(_ text: String, keeping isAllowed: (UInt8) -> Bool) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isAllowed(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%"
                encoded.unicodeScalars.append(hexDigit(byte >> 4))
                encoded.unicodeScalars.append(hexDigit(byte & 0x0F))
            }
        }
        return encoded
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
        "!$&'()*+,;=".utf8.contains(byte)
    }

    private static func hexDigit(_ value: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10)
    }
}
