import Foundation

/// Lowercase hex as W3C Trace Context writes it: no other spelling is read.
enum HexDigits {
    /// The value of up to 16 lowercase hex digits, or `nil` when any character is not one.
    static func value(of text: some StringProtocol) -> UInt64? {
        guard !text.isEmpty, text.utf8.count <= 16 else { return nil }
        var value: UInt64 = 0
        for byte in text.utf8 {
            guard let digit = digit(byte) else { return nil }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// `value` as exactly 16 lowercase hex digits.
    static func text(of value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
