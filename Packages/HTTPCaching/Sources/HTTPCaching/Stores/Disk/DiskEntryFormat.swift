import Foundation
import HTTPClient

/// The file format of ``DiskHTTPCacheStore``, version 1, little-endian:
///
/// `"NWHTTPC"` and the version byte; the payload's length (UInt64); the payload; its FNV-1a checksum (UInt64).
/// The payload holds the key, the resource, the status, the three times, the headers, the variant and the body,
/// each string or byte run prefixed by its UInt32 length. A file with another magic, another version, another
/// length or another checksum is not an entry.
enum DiskEntryFormat {
    static let magic: [UInt8] = Array("NWHTTPC".utf8) + [1]

    /// Why a file is not a version 1 entry.
    struct Invalid: Error, CustomStringConvertible {
        var description: String { "The cache entry file is damaged or not an entry" }
    }

    static func encode(_ entry: HTTPCacheEntry, for key: HTTPCacheKey) -> Data {
        var payload = head(entry, for: key, bodyLength: UInt32(truncatingIfNeeded: entry.body.count))
        payload.append(contentsOf: entry.body)
        var file = magic
        file.reserveCapacity(magic.count + 16 + payload.count)
        append(UInt64(payload.count), to: &file)
        file.append(contentsOf: payload)
        append(payload.withUnsafeBytes { FNV1a.hash($0) }, to: &file)
        return Data(file)
    }

    /// The payload up to the body: everything but `entry`'s body, ending with the body's length.
    static func head(_ entry: HTTPCacheEntry, for key: HTTPCacheKey, bodyLength: UInt32) -> [UInt8] {
        var payload = [UInt8]()
        payload.reserveCapacity(entry.byteCount + key.rawValue.utf8.count * 2 + 64)
        append(key.rawValue, to: &payload)
        append(key.resource, to: &payload)
        append(UInt64(truncatingIfNeeded: entry.statusCode), to: &payload)
        append(entry.responseTime.timeIntervalSince1970.bitPattern, to: &payload)
        append(entry.initialAge.bitPattern, to: &payload)
        append(entry.freshnessLifetime.bitPattern, to: &payload)
        append(UInt32(entry.headers.count), to: &payload)
        for field in entry.headers {
            append(field.name, to: &payload)
            append(field.value, to: &payload)
        }
        append(UInt32(entry.variant.count), to: &payload)
        for (name, value) in entry.variant.sorted(by: { $0.key < $1.key }) {
            append(name, to: &payload)
            append(value, to: &payload)
        }
        append(bodyLength, to: &payload)
        return payload
    }

    /// The bytes before the payload: the magic and the payload's length.
    static func preamble(payloadLength: UInt64) -> [UInt8] {
        var bytes = magic
        append(payloadLength, to: &bytes)
        return bytes
    }

    /// The checksum's bytes, as they end a file.
    static func trailer(checksum: UInt64) -> [UInt8] {
        var bytes = [UInt8]()
        append(checksum, to: &bytes)
        return bytes
    }

    static func decode(_ data: Data) throws(Invalid) -> (key: HTTPCacheKey, entry: HTTPCacheEntry) {
        let decoded: (HTTPCacheKey, HTTPCacheEntry)? = data.withUnsafeBytes { bytes in
            var reader = Reader(bytes: bytes)
            return try? reader.readFile()
        }
        guard let decoded else { throw Invalid() }
        return decoded
    }

    /// What the first bytes of a file say: the key, the entry without its body, where the body lies, and the
    /// checksum of the payload before the body, to go on with as the body is read.
    struct Head {
        let key: HTTPCacheKey
        let entry: HTTPCacheEntry
        let bodyOffset: Int
        let bodyLength: Int
        let partialChecksum: UInt64
    }

    /// The head of a file of `fileSize` bytes from its first bytes, `prefix`.
    static func decodeHead(_ prefix: Data, fileSize: Int) throws(Invalid) -> Head {
        let head: Head? = prefix.withUnsafeBytes { bytes in
            var reader = Reader(bytes: bytes)
            return try? reader.readHead(fileSize: fileSize)
        }
        guard let head else { throw Invalid() }
        return head
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        append(UInt32(text.utf8.count), to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    /// Reads a file front to back, checking every length against what is left.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func readFile() throws(Invalid) -> (HTTPCacheKey, HTTPCacheEntry) {
            guard bytes.count >= magic.count + 16, bytes.prefix(magic.count).elementsEqual(magic) else {
                throw Invalid()
            }
            offset = magic.count
            let length = try integer(UInt64.self)
            guard length == UInt64(bytes.count - magic.count - 16) else { throw Invalid() }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + Int(length))])
            let checksum = bytes.loadUnaligned(fromByteOffset: offset + Int(length), as: UInt64.self)
            guard UInt64(littleEndian: checksum) == FNV1a.hash(payload) else { throw Invalid() }
            let (key, head) = try fields()
            let body = Data(try run())
            guard offset == magic.count + 8 + Int(length) else { throw Invalid() }
            var entry = head
            entry.body = body
            return (key, entry)
        }

        /// The head of a file of `fileSize` bytes whose first bytes these are: the key, the entry without its
        /// body, and where the body lies. Throws when the bytes are not a head or do not reach its end.
        mutating func readHead(fileSize: Int) throws(Invalid) -> Head {
            guard fileSize >= magic.count + 16, bytes.count >= magic.count + 8,
                bytes.prefix(magic.count).elementsEqual(magic)
            else { throw Invalid() }
            offset = magic.count
            let length = try integer(UInt64.self)
            guard length == UInt64(fileSize - magic.count - 16) else { throw Invalid() }
            let (key, entry) = try fields()
            let bodyLength = Int(try integer(UInt32.self))
            guard offset + bodyLength + 8 == fileSize else { throw Invalid() }
            let headPayload = UnsafeRawBufferPointer(rebasing: bytes[(magic.count + 8)..<offset])
            return Head(
                key: key, entry: entry, bodyOffset: offset, bodyLength: bodyLength,
                partialChecksum: FNV1a.hash(headPayload))
        }

        /// The fields before the body, as an entry with an empty body.
        private mutating func fields() throws(Invalid) -> (HTTPCacheKey, HTTPCacheEntry) {
            let key = HTTPCacheKey(rawValue: try string(), resource: try string())
            let statusCode = HTTPStatusCode(truncatingIfNeeded: try integer(UInt64.self))
            let responseTime = Date(timeIntervalSince1970: Double(bitPattern: try integer(UInt64.self)))
            let initialAge = Double(bitPattern: try integer(UInt64.self))
            let lifetime = Double(bitPattern: try integer(UInt64.self))
            var headers = HTTPHeaders()
            for _ in 0..<(try integer(UInt32.self)) { headers[try string()] = try string() }
            var variant: [String: String] = [:]
            for _ in 0..<(try integer(UInt32.self)) { variant[try string()] = try string() }
            let entry = HTTPCacheEntry(
                statusCode: statusCode, headers: headers, body: Data(), responseTime: responseTime,
                initialAge: initialAge, freshnessLifetime: lifetime, variant: variant)
            return (key, entry)
        }

        private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws(Invalid) -> T {
            guard bytes.count - offset >= MemoryLayout<T>.size else { throw Invalid() }
            let value = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
            offset += MemoryLayout<T>.size
            return T(littleEndian: value)
        }

        private mutating func run() throws(Invalid) -> UnsafeRawBufferPointer {
            let count = Int(try integer(UInt32.self))
            guard bytes.count - offset >= count else { throw Invalid() }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        }

        private mutating func string() throws(Invalid) -> String {
            guard let text = String(validating: try run(), as: UTF8.self) else { throw Invalid() }
            return text
        }
    }
}
