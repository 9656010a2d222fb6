/// The path rules of ``HTTPURLBuilder``: segments are what `split(separator: "/")` returns (empty ones
/// dropped), each percent-encoded as one path segment and written after a `/`. A `%` followed by two hex
/// digits is an escape the caller made and is kept, so `%2F` carries a `/` inside one segment; the dot
/// segments `.` and `..` are sent as `%2E` and `%2E%2E`, so no path climbs above the version segment.
///
/// ASCII text is split byte by byte; other text is split by `Character`, so that a `/` that
/// combines with a neighbouring scalar (`"/\u{301}"`, `"\u{600}/"`) stays inside its segment.
enum URLPath {
    /// Whether `text` has at least one segment.
    static func hasSegments(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        guard first == slash else { return true }  // a first character that does not start with "/" is not "/"
        return isASCII(text) ? text.utf8.contains { $0 != slash } : text.contains { $0 != "/" }
    }

    /// Appends `/segment` for each segment of `text`, percent-encoded, to the UTF-8 bytes `output`.
    static func appendSegments(of text: String, to output: inout [UInt8]) {
        guard isASCII(text) else {
            for segment in text.split(separator: "/") {
                appendSegment(Array(segment.utf8), to: &output)
            }
            return
        }
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for segment in bytes.split(separator: slash) { appendSegment(segment, to: &output) }
        }
        if appended == nil {
            for segment in Array(text.utf8).split(separator: slash) { appendSegment(segment, to: &output) }
        }
    }

    /// Appends `/` and the UTF-8 bytes `segment` encoded as one path segment.
    private static func appendSegment<Bytes: Collection<UInt8>>(_ segment: Bytes, to output: inout [UInt8])
    where Bytes.Index == Int {
        output.append(slash)
        if segment.count <= 2, segment.allSatisfy({ $0 == dot }) {
            for _ in segment { output.append(contentsOf: encodedDot) }
            return
        }
        var index = segment.startIndex
        while index < segment.endIndex {
            let byte = segment[index]
            if byte == percent, index + 2 < segment.endIndex, isHex(segment[index + 1]), isHex(segment[index + 2]) {
                output.append(byte)
            } else {
                PercentEncoding.appendPathByte(byte, to: &output)
            }
            index += 1
        }
    }

    /// Whether `text` ends with `/` (by `Character`, as `hasSuffix("/")`).
    static func hasTrailingSlash(_ text: String) -> Bool {
        text.utf8.last == slash && (isASCII(text) || text.hasSuffix("/"))
    }

    /// `path` without its trailing slashes.
    static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = path
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")
    private static let percent = UInt8(ascii: "%")
    private static let encodedDot = Array("%2E".utf8)

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
            UInt8(ascii: "a")...UInt8(ascii: "f"):
            true
        default:
            false
        }
    }

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
