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
        String(unsafeUninitializedCapacity: 16) { buffer in
            write(value, into: buffer, at: 0)
            return 16
        }
    }

    /// `high` then `low`, as exactly 32 lowercase hex digits.
    static func text(of high: UInt64, _ low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            write(high, into: buffer, at: 0)
            write(low, into: buffer, at: 16)
            return 32
        }
    }

    /// Writes `value` as exactly 16 lowercase hex digits into `buffer` from `offset` on.
    static func write(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var remaining = value
        for index in (offset..<offset + 16).reversed() {
            buffer[index] = digit(of: UInt8(truncatingIfNeeded: remaining))
            remaining &>>= 4
        }
    }

    /// Writes `value` as exactly 2 lowercase hex digits into `buffer` from `offset` on.
    static func write(_ value: UInt8, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        buffer[offset] = digit(of: value >> 4)
        buffer[offset + 1] = digit(of: value & 0x0F)
    }

    /// A literal rather than a stored constant, which would be initialized lazily behind a check on every use.
    private static var digits: StaticString { "0123456789abcdef" }

    /// The lowercase hex digit of the low four bits of `nibble`.
    private static func digit(of nibble: UInt8) -> UInt8 {
        digits.utf8Start[Int(nibble & 0x0F)]
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
