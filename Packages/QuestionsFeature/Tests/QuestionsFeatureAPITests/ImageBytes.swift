/// Minimal image headers, built byte by byte, for format and size detection.
enum ImageBytes {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + bigEndian(width)
            + bigEndian(height) + [8, 2, 0, 0, 0, 0, 0, 0, 0]
    }

    /// SOI, an APP0 segment, then a baseline SOF0 with the size.
    static func jpeg(width: UInt16, height: UInt16) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let sof0: [UInt8] =
            [0xFF, 0xC0, 0x00, 0x11, 0x08] + bigEndian16(height) + bigEndian16(width) + [3, 1, 0x22, 0]
        return [0xFF, 0xD8] + app0 + sof0 + [2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]
    }

    static func gif(width: UInt16, height: UInt16) -> [UInt8] {
        Array("GIF89a".utf8) + littleEndian16(width) + littleEndian16(height) + [0xF7, 0, 0]
    }

    static func webpExtended(width: Int, height: Int) -> [UInt8] {
        riff(chunk: "VP8X", payload: [0x10, 0, 0, 0] + littleEndian24(width - 1) + littleEndian24(height - 1))
    }

    static func webpLossy(width: UInt16, height: UInt16) -> [UInt8] {
        riff(
            chunk: "VP8 ",
            payload: [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + littleEndian16(width) + littleEndian16(height))
    }

    static func webpLossless(width: Int, height: Int) -> [UInt8] {
        let bits = UInt32(width - 1) | UInt32(height - 1) << 14
        return riff(
            chunk: "VP8L",
            payload: [0x2F] + [
                UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24),
            ])
    }

    private static func riff(chunk: String, payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + [0x40, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [UInt8(payload.count), 0, 0, 0]
            + payload
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func bigEndian16(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    private static func littleEndian16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func littleEndian24(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }
}
