/// A `Content-Range` field value in bytes (RFC 9110, 14.4): the part a 206 carries, or the length a 416 names.
///
/// The one reader of the field: resumed downloads and the HTTP cache both parse with it.
///
/// ```swift
/// let range = try HTTPContentRange(parsing: "bytes 0-499/1234")   // first 0, last 499, completeLength 1234
/// ```
public struct HTTPContentRange: Hashable, Sendable {
    /// The first byte's offset, or `nil` for an unsatisfied range (`bytes */LENGTH`).
    public let first: Int64?
    /// The last byte's offset (inclusive), or `nil` for an unsatisfied range.
    public let last: Int64?
    /// The representation's complete length, or `nil` when the server wrote `*`.
    public let completeLength: Int64?

    /// The number of bytes in the range; `0` for an unsatisfied range, and `Int64.max` for a range built
    /// unchecked whose count does not fit in 63 bits.
    public var count: Int64 {
        guard let first, let last else { return 0 }
        let (difference, overflowed) = last.subtractingReportingOverflow(first)
        guard !overflowed, difference < .max else { return .max }
        return difference + 1
    }

    /// Why a `Content-Range` value was refused; each case keeps the whole value.
    public enum ParseError: Error, Equatable, Sendable {
        /// The unit is not `bytes`.
        case unsupportedUnit(String)
        /// The value does not have the form `bytes FIRST-LAST/LENGTH`, `bytes FIRST-LAST/*` or `bytes */LENGTH`.
        case malformed(String)
        /// A number has more digits than fit in 63 bits, or the range ends at the largest one
        /// (`9223372036854775807`), so the offset after it, and its count from `0`, would not fit.
        case numberTooLarge(String)
        /// The last position is before the first, or not before the complete length.
        case invalidRange(String)
    }

    /// Parses `value` strictly: one space after the unit, decimal digits only, `last >= first`,
    /// `last < completeLength` when the length is given, and `last < Int64.max`, so `last + 1` and ``count``
    /// never overflow. Surrounding spaces and tabs are ignored.
    /// - Throws: ``ParseError`` naming what is wrong.
    public init(parsing value: String) throws(ParseError) {
        let trimmed = Self.trimmingWhitespace(Substring(value))
        guard let space = trimmed.firstIndex(of: " ") else { throw .malformed(value) }
        let unit = trimmed[..<space]
        guard unit.utf8.elementsEqual("bytes".utf8, by: { $0 | 0x20 == $1 }) else {
            throw unit.isEmpty ? .malformed(value) : .unsupportedUnit(String(unit))
        }
        let rest = trimmed[trimmed.index(after: space)...]
        guard let slash = rest.firstIndex(of: "/") else { throw .malformed(value) }
        let range = rest[..<slash]
        let length = rest[rest.index(after: slash)...]
        if range == "*" {
            guard length != "*" else { throw .malformed(value) }
            self.init(first: nil, last: nil, completeLength: try Self.number(length, in: value))
            return
        }
        guard let dash = range.firstIndex(of: "-") else { throw .malformed(value) }
        let first = try Self.number(range[..<dash], in: value)
        let last = try Self.number(range[range.index(after: dash)...], in: value)
        let completeLength = length == "*" ? nil : try Self.number(length, in: value)
        guard last < .max else { throw .numberTooLarge(value) }
        guard first <= last else { throw .invalidRange(value) }
        if let completeLength, last >= completeLength { throw .invalidRange(value) }
        self.init(first: first, last: last, completeLength: completeLength)
    }

    /// A range with these offsets and length, unchecked (`nil` offsets for an unsatisfied range).
    public init(first: Int64?, last: Int64?, completeLength: Int64?) {
        self.first = first
        self.last = last
        self.completeLength = completeLength
    }

    /// A non-empty run of ASCII digits as a number.
    private static func number(_ digits: Substring, in value: String) throws(ParseError) -> Int64 {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw .malformed(value)
        }
        var result: Int64 = 0
        for digit in digits.utf8 {
            let (shifted, overflowShift) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) = shifted.addingReportingOverflow(Int64(digit - 0x30))
            guard !overflowShift, !overflowAdd else { throw .numberTooLarge(value) }
            result = sum
        }
        return result
    }

    private static func trimmingWhitespace(_ text: Substring) -> Substring {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isWhitespace($0) }),
            let end = text.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return text[start...end]
    }
}

extension HTTPContentRange.ParseError: CustomStringConvertible {
    /// A one-line description naming the value and what is wrong with it.
    public var description: String {
        switch self {
        case .unsupportedUnit(let unit): "Content-Range unit \"\(unit)\" is not bytes"
        case .malformed(let value): "Content-Range \"\(value)\" is not bytes FIRST-LAST/LENGTH or bytes */LENGTH"
        case .numberTooLarge(let value): "Content-Range \"\(value)\" has a number too large for 63 bits"
        case .invalidRange(let value): "Content-Range \"\(value)\" ends before it starts or past its length"
        }
    }
}
