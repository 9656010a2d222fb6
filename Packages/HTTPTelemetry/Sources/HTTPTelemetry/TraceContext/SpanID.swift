import Foundation

/// The 8-byte id of one span, never all zeros.
public struct SpanID: Sendable, Hashable, CustomStringConvertible {
    /// The eight bytes, big-endian.
    public let value: UInt64

    /// The id with these bytes, or `nil` for zero (the W3C invalid id).
    public init?(value: UInt64) {
        guard value != 0 else { return nil }
        self.value = value
    }

    /// The id written as 16 lowercase hex digits, or `nil` for any other text or the all-zero id.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == 16, let value = HexDigits.value(of: hex) else { return nil }
        self.init(value: value)
    }

    /// A random id from a fast generator seeded once from the system's; never all zeros.
    public static func random() -> SpanID {
        while true {
            if let id = SpanID(value: IDGenerator.next()) { return id }
        }
    }

    /// 16 lowercase hex digits.
    public var hex: String { HexDigits.text(of: value) }

    /// The same as ``hex``.
    public var description: String { hex }
}
