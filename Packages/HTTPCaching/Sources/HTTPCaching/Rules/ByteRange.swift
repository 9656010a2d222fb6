import Foundation

/// The one byte range a `Range` request field asks for (RFC 9110, 14.1.2): `bytes=a-b`, `bytes=a-` or `bytes=-n`.
enum ByteRange: Equatable {
    /// `bytes=first-last`, or `bytes=first-` when `last` is `nil`: offsets counted from the start, inclusive.
    case from(first: Int, last: Int?)
    /// `bytes=-length`: the last `length` bytes.
    case suffix(length: Int)

    /// What a range selects of a representation of a given length (RFC 9110, 14.1.1).
    enum Selection: Equatable {
        /// These offsets, the last one clamped to the representation.
        case bytes(ClosedRange<Int>)
        /// The whole representation: a suffix of an empty one, which a `Content-Range` cannot describe.
        case whole
        /// Nothing: the range starts at or past the end, or is an empty suffix (`416`, RFC 9110, 15.5.17).
        case unsatisfiable
    }

    /// The range `value` asks for; `nil` when it is not exactly one valid range in the `bytes` unit (another unit,
    /// several ranges, a last offset before the first, anything unparsable), which a cache may ignore (14.2).
    /// Empty list members and whitespace around members are allowed; offsets too large for an `Int` saturate.
    init?(field value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals].lowercased() == "bytes" else { return nil }
        let members = trimmed[trimmed.index(after: equals)...].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard members.count == 1, let spec = members.first, let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let length = Self.offset(last) else { return nil }
            self = .suffix(length: length)
            return
        }
        guard let start = Self.offset(first) else { return nil }
        guard !last.isEmpty else {
            self = .from(first: start, last: nil)
            return
        }
        guard let end = Self.offset(last), end >= start else { return nil }
        self = .from(first: start, last: end)
    }

    /// What the range selects of a representation of `length` bytes.
    func selection(ofLength length: Int) -> Selection {
        switch self {
        case .from(let first, let last):
            guard first < length else { return .unsatisfiable }
            return .bytes(first...min(last ?? length - 1, length - 1))
        case .suffix(let suffix):
            guard suffix > 0 else { return .unsatisfiable }
            guard length > 0 else { return .whole }
            return .bytes(max(0, length - suffix)...length - 1)
        }
    }

    /// The value of 1*DIGIT, saturating at `Int.max`; `nil` when `text` is empty or holds anything but ASCII digits.
    private static func offset(_ text: Substring) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for character in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) else { return nil }
            let (shifted, multiplyOverflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, addOverflowed) = shifted.addingReportingOverflow(Int(character - UInt8(ascii: "0")))
            value = multiplyOverflowed || addOverflowed ? Int.max : sum
        }
        return value
    }
}
