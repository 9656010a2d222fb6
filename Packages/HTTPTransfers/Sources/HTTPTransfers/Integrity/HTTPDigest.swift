import Foundation
import HTTPClient

/// The digest a downloaded file must have, as RFC 9530 names it: an algorithm and the hash's bytes.
///
/// ```swift
/// let digest = try HTTPDigest(sha256Hex: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
/// try await client.download(request: request, to: destination, expectedDigest: digest)
/// ```
public struct HTTPDigest: Sendable, Hashable {
    /// A hash algorithm of the HTTP Digest Algorithm Values registry that a download can check.
    public enum Algorithm: String, Sendable, Hashable, CaseIterable {
        /// SHA-256: 32 bytes.
        case sha256 = "sha-256"

        /// The number of bytes of one of its digests.
        public var byteCount: Int {
            switch self {
            case .sha256: 32
            }
        }
    }

    /// Why a text or bytes are not a digest.
    public struct FormatError: Error, Sendable, CustomStringConvertible {
        /// The algorithm the digest is for.
        public let algorithm: Algorithm
        /// The text or a description of the bytes that were given.
        public let value: String

        /// A one-line description naming the algorithm and the value.
        public var description: String {
            "\"\(value)\" is not a \(algorithm.rawValue) digest (\(algorithm.byteCount) bytes)"
        }
    }

    /// The algorithm.
    public let algorithm: Algorithm
    /// The hash: ``Algorithm/byteCount`` bytes.
    public let bytes: Data

    /// A digest of `algorithm` with the hash `bytes`.
    /// - Throws: ``FormatError`` when `bytes` is not as long as the algorithm's digests.
    public init(algorithm: Algorithm, bytes: Data) throws(FormatError) {
        guard bytes.count == algorithm.byteCount else {
            throw FormatError(algorithm: algorithm, value: "\(bytes.count) bytes")
        }
        self.algorithm = algorithm
        self.bytes = bytes
    }

    /// A SHA-256 digest written in hexadecimal (64 digits, either case), as the Files API and `sha256sum` print it.
    /// - Throws: ``FormatError`` when `hex` is not 64 hexadecimal digits.
    public init(sha256Hex hex: String) throws(FormatError) {
        guard let bytes = Self.bytes(ofHex: hex) else { throw FormatError(algorithm: .sha256, value: hex) }
        try self.init(algorithm: .sha256, bytes: bytes)
    }

    /// The hash in lowercase hexadecimal.
    public var hex: String { Self.hex(bytes) }

    /// `bytes` in lowercase hexadecimal.
    static func hex(_ bytes: Data) -> String {
        bytes.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    private static func bytes(ofHex hex: String) -> Data? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes = Data(capacity: digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(ofHexDigit: digits[index]), let low = value(ofHexDigit: digits[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func value(ofHexDigit digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension HTTPDigest: CustomStringConvertible {
    /// The digest as an RFC 9530 field member: `sha-256=:BASE64:`.
    public var description: String { "\(algorithm.rawValue)=:\(bytes.base64EncodedString()):" }
}
