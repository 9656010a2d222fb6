import Foundation
import HTTPClient
import HTTPClientSupport

/// The `Content-Range` of a response that carries one part of a representation (RFC 9110, 14.4):
/// `bytes first-last/complete`.
struct ContentRange: Equatable {
    /// The offset of the part's first byte.
    let first: Int
    /// The offset of the part's last byte, inclusive.
    let last: Int
    /// The length of the whole representation.
    let completeLength: Int

    /// The range `value` states, read by `HTTPContentRange`; `nil` unless it is one valid `bytes` range with a
    /// known complete length (not an unsatisfied range, not a complete length of `*`).
    init?(field value: String) {
        guard let range = try? HTTPContentRange(parsing: value), let first = range.first.flatMap(Int.init(exactly:)),
            let last = range.last.flatMap(Int.init(exactly:)),
            let complete = range.completeLength.flatMap(Int.init(exactly:))
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
}
