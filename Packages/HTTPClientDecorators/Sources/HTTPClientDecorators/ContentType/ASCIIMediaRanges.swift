/// ``MediaRange``'s matching rules over the UTF-8 bytes of ASCII `Accept` and `Content-Type` values, in one
/// pass and without allocating (except to read a `q` weight).
///
/// Whitespace is space and tab (what `CharacterSet.whitespaces` holds in ASCII), and names compare ignoring
/// ASCII case (what `lowercased()` does to ASCII). Splitting mirrors `split(separator:)`: entries on `,`
/// (empty ones skipped), parameters on `;`, a parameter's name and value on its first `=` after any leading `=`.
enum ASCIIMediaRanges {
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// One media range of an `Accept` value, its names as byte ranges of that value.
    private struct Range {
        let type: Bytes
        let subtype: Bytes
        let quality: Double

        /// 2 for `type/subtype`, 1 for `type/*`, 0 for `*/*`.
        var specificity: Int { isStar(type) ? 0 : isStar(subtype) ? 1 : 2 }

        func matches(type: Bytes, subtype: Bytes) -> Bool {
            (isStar(self.type) || equalIgnoringCase(self.type, type))
                && (isStar(self.subtype) || equalIgnoringCase(self.subtype, subtype))
        }
    }

    /// Whether every byte is ASCII.
    static func isASCII(_ bytes: Bytes) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    /// The verdict for `contentType` (`nil`: none) against `accept`; both must be ASCII.
    static func verdict(accept: Bytes, contentType: Bytes?) -> ContentNegotiation.Verdict {
        let mediaType = contentType.flatMap { essence(of: $0) }
        var hasRanges = false
        var allowsAnything = false  // a `*/*` range with a weight above 0
        var bestSpecificity = -1
        var bestIsAcceptable = false
        var entryStart = accept.startIndex
        while entryStart < accept.endIndex {
            let entryEnd = accept[entryStart...].firstIndex(of: UInt8(ascii: ",")) ?? accept.endIndex
            defer { entryStart = entryEnd + 1 }
            guard entryStart < entryEnd, let range = parse(accept[entryStart..<entryEnd]) else { continue }
            hasRanges = true
            if range.specificity == 0, range.quality > 0 { allowsAnything = true }
            guard let mediaType, range.matches(type: mediaType.type, subtype: mediaType.subtype) else { continue }
            if range.specificity > bestSpecificity {
                bestSpecificity = range.specificity
                bestIsAcceptable = range.quality > 0
            } else if range.specificity == bestSpecificity, range.quality > 0 {
                bestIsAcceptable = true
            }
        }
        guard hasRanges else { return .noRanges }
        guard contentType != nil else { return allowsAnything ? .acceptable : .unacceptable }
        return bestIsAcceptable ? .acceptable : .unacceptable
    }

    /// The `(type, subtype)` of a `Content-Type` value (parameters dropped), or `nil` if malformed.
    private static func essence(of contentType: Bytes) -> (type: Bytes, subtype: Bytes)? {
        let end = contentType.firstIndex(of: UInt8(ascii: ";")) ?? contentType.endIndex
        return split(trimmed(contentType[..<end]))
    }

    /// One `Accept` entry: `type/subtype`, `type/*`, `*/*` or `*`, then parameters; `nil` if malformed.
    private static func parse(_ entry: Bytes) -> Range? {
        let essenceEnd = entry.firstIndex(of: UInt8(ascii: ";")) ?? entry.endIndex
        let essence = trimmed(entry[..<essenceEnd])
        guard let (type, subtype) = isStar(essence) ? (essence, essence) : split(essence) else { return nil }
        guard !isStar(type) || isStar(subtype) else { return nil }
        var quality = 1.0
        var separator = essenceEnd
        while separator < entry.endIndex {
            let next = entry[(separator + 1)...].firstIndex(of: UInt8(ascii: ";")) ?? entry.endIndex
            if let weight = weight(trimmed(entry[(separator + 1)..<next])) {
                quality = weight
                break
            }
            separator = next
        }
        return Range(type: type, subtype: subtype, quality: quality)
    }

    /// `type/subtype` with exactly one `/`, both sides non-empty and no space; `nil` otherwise.
    private static func split(_ essence: Bytes) -> (type: Bytes, subtype: Bytes)? {
        guard let slash = essence.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let type = essence[..<slash]
        let subtype = essence[(slash + 1)...]
        guard !type.isEmpty, !subtype.isEmpty, !subtype.contains(UInt8(ascii: "/")),
            !essence.contains(UInt8(ascii: " "))
        else { return nil }
        return (type, subtype)
    }

    /// The weight of a `q=value` parameter (1 when the value is not a number in 0...1), or `nil` for any
    /// other parameter.
    private static func weight(_ parameter: Bytes) -> Double? {
        guard let nameStart = parameter.firstIndex(where: { $0 != UInt8(ascii: "=") }),
            let equals = parameter[nameStart...].firstIndex(of: UInt8(ascii: "=")), equals + 1 < parameter.endIndex
        else { return nil }
        let name = trimmed(parameter[nameStart..<equals])
        guard name.count == 1, name.first == UInt8(ascii: "q") || name.first == UInt8(ascii: "Q") else { return nil }
        let text = String(decoding: trimmed(parameter[(equals + 1)...]), as: UTF8.self)
        guard let value = Double(text), (0...1).contains(value) else { return 1 }
        return value
    }

    private static func trimmed(_ bytes: Bytes) -> Bytes {
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isStar(_ bytes: Bytes) -> Bool {
        bytes.count == 1 && bytes.first == UInt8(ascii: "*")
    }

    private static func equalIgnoringCase(_ lhs: Bytes, _ rhs: Bytes) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { lowercase($0) == lowercase($1) }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
