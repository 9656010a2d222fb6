// The `byte-range` target's oracle: the three forms of one byte range read straight from RFC 9110's grammar
// (14.1.2), on ASCII text with short numbers only, and what each selects of a representation (14.1.1).

@testable import HTTPCaching

enum RangeOracle {
    enum Verdict {
        /// Text the oracle does not read: non-ASCII, or a number of more than nine digits.
        case undecided
        /// Not one valid range in the `bytes` unit.
        case invalid
        /// One range, and the offsets it names.
        case valid(ByteRange, offsets: [Int])
    }

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// `[OWS] "bytes" "=" #(OWS range OWS)` with exactly one non-empty member, the unit in any letter case, where a
    /// range is `DIGITS "-" [DIGITS]` or `"-" DIGITS`, and a last offset is never before the first.
    static func verdict(_ text: String) -> Verdict {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return .undecided }
        var digitRun = 0
        for byte in bytes {
            digitRun = isDigit(byte) ? digitRun + 1 : 0
            if digitRun > 9 { return .undecided }
        }
        let trimmed = trim(bytes[...])
        let unit = Array("bytes=".utf8)
        guard trimmed.count >= unit.count,
            zip(trimmed.prefix(unit.count), unit).allSatisfy({ lowercase($0) == $1 })
        else { return .invalid }
        var specs: [ArraySlice<UInt8>] = []
        var start = trimmed.startIndex + unit.count
        for index in start...trimmed.endIndex where index == trimmed.endIndex || trimmed[index] == UInt8(ascii: ",") {
            let member = trim(trimmed[start..<index])
            if !member.isEmpty { specs.append(member) }
            start = index + 1
        }
        guard specs.count == 1, let spec = specs.first else { return .invalid }
        return rangeSpec(spec)
    }

    private static func rangeSpec(_ spec: ArraySlice<UInt8>) -> Verdict {
        guard let dash = spec.firstIndex(of: UInt8(ascii: "-")) else { return .invalid }
        let first = spec[..<dash]
        let last = spec[(dash + 1)...]
        guard first.allSatisfy(isDigit), last.allSatisfy(isDigit) else { return .invalid }
        switch (number(first), number(last)) {
        case (nil, nil):
            return .invalid
        case (nil, let suffix?):
            return .valid(.suffix(length: suffix), offsets: [suffix])
        case (let start?, nil):
            return .valid(.from(first: start, last: nil), offsets: [start])
        case (let start?, let end?):
            return end < start ? .invalid : .valid(.from(first: start, last: end), offsets: [start, end])
        }
    }

    /// The offsets `range` selects of `length` bytes: those in both the range and 0..<length; a suffix of an empty
    /// representation is the whole (empty) representation.
    static func selection(_ range: ByteRange, length: Int) -> ByteRange.Selection {
        let wanted: (lower: Int, upper: Int)
        switch range {
        case .from(let first, let last):
            wanted = (first, last ?? Int.max)
        case .suffix(let count):
            if count > 0 && length == 0 { return .whole }
            wanted = (length - count, length - 1)
        }
        let lower = max(wanted.lower, 0)
        let upper = min(wanted.upper, length - 1)
        return lower <= upper ? .bytes(lower...upper) : .unsatisfiable
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func lowercase(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        digits.isEmpty ? nil : digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var result = bytes
        while let first = result.first, first == space || first == tab { result.removeFirst() }
        while let last = result.last, last == space || last == tab { result.removeLast() }
        return result
    }
}
