// Target `disk-cache-entry`: DiskHTTPCacheStore's entry file format (DiskEntryFormat).
// The input is decoded twice: as a whole file, and as a payload wrapped with a valid magic, length and
// checksum (so the fuzzer reaches the payload reader without forging FNV-1a checksums).
// Properties: decoding never crashes; an entry that decodes re-encodes to bytes that decode to the same key
// and encode again to the same bytes; a file cut short or with one flipped byte is never the same entry.

import Foundation
import HTTPClient

@testable import HTTPCaching

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    roundTrip(input.data)
    var file = DiskEntryFormat.magic
    appendLittleEndian(UInt64(input.bytes.count), to: &file)
    file += input.bytes
    appendLittleEndian(input.bytes.withUnsafeBytes { FNV1a.hash($0) }, to: &file)
    roundTrip(Data(file))
    return 0
}

private func roundTrip(_ file: Data) {
    guard let (key, entry) = try? DiskEntryFormat.decode(file) else { return }
    let encoded = DiskEntryFormat.encode(entry, for: key)
    guard let (key2, entry2) = try? DiskEntryFormat.decode(encoded) else {
        check(false, "an encoded entry does not decode")
        return
    }
    check(key2 == key, "key \(key2) != \(key)")
    check(entry2.statusCode == entry.statusCode && entry2.body == entry.body, "status or body changed")
    check(entry2.headers == entry.headers && entry2.variant == entry.variant, "headers or variant changed")
    check(DiskEntryFormat.encode(entry2, for: key2) == encoded, "encoding is not stable")
    check((try? DiskEntryFormat.decode(encoded.dropLast())) == nil, "a truncated file decodes")
    var flipped = encoded
    let index = flipped.startIndex + (encoded.count / 2)
    flipped[index] ^= 0x01
    if let (key3, entry3) = try? DiskEntryFormat.decode(flipped) {
        check(key3 != key || entry3 != entry, "a flipped byte decodes to the same entry")
    }
    _ = entry.byteCount
    _ = entry.isFresh(at: fuzzNow)
}

private func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
}
