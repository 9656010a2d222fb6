/// The path rules of ``HTTPURLBuilder``: segments are what `split(separator: "/")` returns (empty ones
/// dropped), each percent-encoded as one path segment and written after a `/`.
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
                output.append(slash)
                PercentEncoding.appendPathSegment(segment.utf8, to: &output)
            }
            return
        }
        var isInSegment = false
        for byte in text.utf8 {
            if byte == slash {
                isInSegment = false
                continue
            }
            if !isInSegment {
                output.append(slash)
                isInSegment = true
            }
            PercentEncoding.appendPathByte(byte, to: &output)
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

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
