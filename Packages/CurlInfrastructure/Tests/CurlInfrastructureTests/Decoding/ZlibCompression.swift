import CZlib
import Foundation

/// Compresses test bodies with zlib, as a server would.
enum ZlibCompression {
    /// The format of the compressed bytes.
    enum Format: Int32 {
        case gzip = 31
        case zlib = 15
        case rawDeflate = -15
    }

    /// `data` compressed as one stream of `format`.
    static func compress(_ data: Data, as format: Format, level: Int32 = 6) -> Data {
        var stream = z_stream()
        guard czlib_deflate_init(&stream, level, format.rawValue) == Z_OK else { return Data() }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        let produced = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = input.baseAddress.map {
                    UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: Bytef.self))
                }
                stream.avail_in = uInt(data.count)
                stream.next_out = out.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(out.count)
                let code = deflate(&stream, Z_FINISH)
                return code == Z_STREAM_END ? out.count - Int(stream.avail_out) : 0
            }
        }
        output.count = produced
        return output
    }
}
