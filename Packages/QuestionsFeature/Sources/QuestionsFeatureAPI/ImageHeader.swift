import QuestionsFeature

/// What the first bytes of an image say: its format (by signature) and, where the header holds it, its size.
///
/// Every read is bounds-checked: truncated or damaged headers give a format without a size, never a crash.
struct ImageHeader {
    /// JPEG may put its size after other segments (EXIF, colour profiles); look this far at most.
    static let maximumInspectedBytes = 256 * 1024

    private(set) var format = Avatar.Format.unknown
    private(set) var width: Int?
    private(set) var height: Int?
    private let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            format = .png
            if matches("IHDR", at: 12) { setSize(bigEndian32(at: 16), bigEndian32(at: 20)) }
        } else if starts(with: [0xFF, 0xD8, 0xFF]) {
            format = .jpeg
            readJPEGSize()
        } else if matches("GIF87a", at: 0) || matches("GIF89a", at: 0) {
            format = .gif
            setSize(littleEndian(at: 6, count: 2), littleEndian(at: 8, count: 2))
        } else if matches("RIFF", at: 0) && matches("WEBP", at: 8) {
            format = .webp
            readWebPSize()
        }
    }

    /// Walks the JPEG segments to the first start-of-frame marker, which holds the height and width.
    private mutating func readJPEGSize() {
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { return }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD9).contains(marker) {
                index += 2
                continue
            }
            guard let length = bigEndian(at: index + 2, count: 2), length >= 2 else { return }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                setSize(bigEndian(at: index + 7, count: 2), bigEndian(at: index + 5, count: 2))
                return
            }
            index += 2 + length
        }
    }

    /// Reads the size from a lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`) WebP header.
    private mutating func readWebPSize() {
        if matches("VP8X", at: 12) {
            setSize(littleEndian(at: 24, count: 3).map { $0 + 1 }, littleEndian(at: 27, count: 3).map { $0 + 1 })
        } else if matches("VP8 ", at: 12), starts(with: [0x9D, 0x01, 0x2A], at: 23) {
            setSize(
                littleEndian(at: 26, count: 2).map { $0 & 0x3FFF }, littleEndian(at: 28, count: 2).map { $0 & 0x3FFF })
        } else if matches("VP8L", at: 12), bytes.count > 24, bytes[20] == 0x2F {
            let (b1, b2, b3, b4) = (Int(bytes[21]), Int(bytes[22]), Int(bytes[23]), Int(bytes[24]))
            setSize(1 + (((b2 & 0x3F) << 8) | b1), 1 + (((b4 & 0x0F) << 10) | (b3 << 2) | ((b2 & 0xC0) >> 6)))
        }
    }

    private mutating func setSize(_ width: Int?, _ height: Int?) {
        guard let width, let height, width > 0, height > 0 else { return }
        self.width = width
        self.height = height
    }

    private func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
        offset + prefix.count <= bytes.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }

    private func matches(_ ascii: String, at offset: Int) -> Bool {
        starts(with: Array(ascii.utf8), at: offset)
    }

    private func bigEndian32(at offset: Int) -> Int? {
        bigEndian(at: offset, count: 4).flatMap { $0 <= Int(Int32.max) ? $0 : nil }
    }

    private func bigEndian(at offset: Int, count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private func littleEndian(at offset: Int, count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
