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

    /// A random id from the system's generator.
    public static func random() -> TraceID {
        var generator = SystemRandomNumberGenerator()
        while true {
            if let id = TraceID(high: generator.next(), low: generator.next()) { return id }
        }
    }

    /// 32 lowercase hex digits.
    public var hex: String { HexDigits.text(of: high) + HexDigits.text(of: low) }

    /// The same as ``hex``.
    public var description: String { hex }
}
