import Foundation

/// The 16-byte id that every span of one trace shares, never all zeros.
public struct TraceID: Sendable, Hashable, CustomStringConvertible {
    /// The first eight bytes, big-endian.
    public let high: UInt64
    /// The last eight bytes, big-endian.
    public let low: UInt64

    /// The id with these halves, or `nil` when both are zero (the W3C invalid id).
    public init?(high: UInt64, low: UInt64) {
        guard high != 0 || low != 0 else { return nil }
        self.high = high
        self.low = low
    }

    /// The id written as 32 lowercase hex digits, or `nil` for any other text or the all-zero id.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == 32, let high = HexDigits.value(of: hex.prefix(16)),
            let low = HexDigits.value(of: hex.suffix(16))
        else { return nil }
        self.init(high: high, low: low)
    }

    /// A random id from a fast generator seeded once from the system's; never all zeros.
    public static func random() -> TraceID {
        while true {
            let (high, low) = IDGenerator.nextPair()
            if let id = TraceID(high: high, low: low) { return id }
        }
    }

    /// 32 lowercase hex digits.
    public var hex: String { HexDigits.text(of: high, low) }

    /// The same as ``hex``.
    public var description: String { hex }
}
