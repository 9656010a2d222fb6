import Foundation

/// The `Content-Range` of a response that carries one part of a representation (RFC 9110, 14.4):
/// `bytes first-last/complete`.
struct ContentRange: Equatable {
    /// The offset of the part's first byte.
    let first: Int
    /// The offset of the part's last byte, inclusive.
    let last: Int
    /// The length of the whole representation.
    let completeLength: Int

    /// The range `value` states; `nil` unless it is one valid `bytes` range with a known complete length (a last
    /// offset before the first, a complete length of `*` or not past the last offset, anything unparsable).
    init?(field value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(of: " "), trimmed[..<space].lowercased() == "bytes" else { return nil }
        let spec = trimmed[trimmed.index(after: space)...].trimmingCharacters(in: .whitespaces)
        let halves = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let offsets = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard offsets.count == 2, let first = Self.number(offsets[0]), let last = Self.number(offsets[1]),
            let complete = Self.number(halves[1]), first <= last, last < complete
        else { return nil }
        self.first = first
        self.last = last
        self.completeLength = complete
    }

    /// The offsets a stored part of `byteCount` bytes holds: from ``first``, as far as the body reaches but never
    /// past ``last``; `nil` for an empty body.
    func heldOffsets(byteCount: Int) -> ClosedRange<Int>? {
        guard byteCount > 0 else { return nil }
        let (end, overflowed) = first.addingReportingOverflow(byteCount - 1)
        return first...(overflowed ? last : min(last, end))
    }

    /// The offsets the `Range` value `requested` selects of the whole representation, when they lie wholly within
    /// the bytes a part of `byteCount` bytes with this range holds (``heldOffsets(byteCount:)``); `nil` otherwise.
    func heldSelection(for requested: String, byteCount: Int) -> ClosedRange<Int>? {
        guard let held = heldOffsets(byteCount: byteCount),
            case .bytes(let offsets) = ByteRange(field: requested)?.selection(ofLength: completeLength),
            held.contains(offsets.lowerBound), held.contains(offsets.upperBound)
        else { return nil }
        return offsets
    }

    /// The value of 1*DIGIT; `nil` when `text` is empty, holds anything but ASCII digits or does not fit an `Int`.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return Int(text)
    }
}
