import CZlib
import Foundation

/// Decodes one content coding with zlib, lazily: it holds the encoded bytes it was fed and hands back at most
/// a given number of decoded bytes per step, so decoded bytes never pile up. Used by one reader at a time.
///
/// `gzip` reads every member of a multi-member stream and ignores bytes after the last one that do not start
/// another; `deflate` takes a zlib stream, or raw deflate when the first two bytes are no zlib header.
final class ZlibInflater {
    private enum Phase {
        /// zlib is not set up yet: it waits for the first bytes.
        case starting
        /// Inside a compressed stream.
        case inflating
        /// A compressed stream (a gzip member) ended.
        case ended
    }

    let coding: ContentCoding
    private let stream: UnsafeMutablePointer<z_stream>
    private var phase = Phase.starting
    private var isSetUp = false
    private var input = Data()
    private var consumed = 0
    private var fedAny = false

    init(_ coding: ContentCoding) {
        self.coding = coding
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
    }

    deinit {
        if isSetUp { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Encoded bytes held and not decoded yet.
    var heldBytes: Int { input.count - consumed }

    /// Adds encoded bytes after those held.
    func feed(_ bytes: Data) {
        guard !bytes.isEmpty else { return }
        fedAny = true
        if heldBytes == 0 {
            input = bytes
        } else {
            var rest = Data(input.dropFirst(consumed))
            rest.append(bytes)
            input = rest
        }
        consumed = 0
    }

    /// At most `maximum` decoded bytes from the bytes held; empty when it needs more input (or the stream
    /// ended and what is left is ignored).
    /// - Throws: ``ContentDecodingError`` for corrupt data or a zlib failure.
    func step(maximum: Int) throws(ContentDecodingError) -> Data {
        var output = Data(count: maximum)
        var produced = 0
        while produced == 0 {
            guard try prepare() else { break }
            let (code, used, made) = inflate(into: &output, maximum: maximum)
            consumed += used
            produced = made
            switch code {
            case Z_OK, Z_BUF_ERROR: break
            case Z_STREAM_END: phase = .ended
            case Z_DATA_ERROR, Z_NEED_DICT:
                throw .corrupt(coding, cause: ZlibError(code: code, message: stream.pointee.msg))
            default: throw .zlibFailed(coding, cause: ZlibError(code: code, message: stream.pointee.msg))
            }
            if used == 0, made == 0 { break }
        }
        if heldBytes == 0 {
            // The batch is used up: let it go before the next one arrives.
            input = Data()
            consumed = 0
        }
        output.count = produced
        return output
    }

    /// Checks that the body ended where a compressed stream did (or that it was empty).
    /// - Throws: ``ContentDecodingError/truncated(_:)`` otherwise.
    func finish() throws(ContentDecodingError) {
        guard fedAny, phase != .ended else { return }
        throw .truncated(coding)
    }

    /// Gets zlib ready for the bytes held: sets it up on the first bytes, starts the next gzip member after
    /// one ended, and drops what follows the end otherwise. Returns whether to call `inflate`.
    private func prepare() throws(ContentDecodingError) -> Bool {
        switch phase {
        case .inflating:
            return true
        case .starting:
            guard let windowBits = startingWindowBits() else { return false }
            let code = czlib_inflate_init(stream, windowBits)
            guard code == Z_OK else {
                throw .zlibFailed(coding, cause: ZlibError(code: code, message: stream.pointee.msg))
            }
            isSetUp = true
            phase = .inflating
            return true
        case .ended:
            guard coding == .gzip, heldBytes > 0 else {
                consumed = input.count
                return false
            }
            let next = input.dropFirst(consumed)
            guard next.first == 0x1f else {
                consumed = input.count
                return false
            }
            guard next.count >= 2 else { return false }
            guard next.dropFirst().first == 0x8b else {
                consumed = input.count
                return false
            }
            let code = inflateReset(stream)
            guard code == Z_OK else {
                throw .zlibFailed(coding, cause: ZlibError(code: code, message: stream.pointee.msg))
            }
            phase = .inflating
            return true
        }
    }

    /// The window bits for the stream ahead, or `nil` while deflate waits for the two bytes that tell a zlib
    /// header from raw deflate.
    private func startingWindowBits() -> Int32? {
        switch coding {
        case .gzip:
            return heldBytes > 0 ? 15 + 16 : nil
        case .deflate:
            let head = input.dropFirst(consumed).prefix(2)
            guard head.count == 2, let first = head.first, let second = head.last else { return nil }
            let isZlibHeader = first & 0x0f == 8 && first >> 4 <= 7 && (UInt16(first) << 8 | UInt16(second)) % 31 == 0
            return isZlibHeader ? 15 : -15
        }
    }

    /// One call of zlib's `inflate` over the bytes held into `output`: its code, the bytes it used and made.
    private func inflate(into output: inout Data, maximum: Int) -> (Int32, Int, Int) {
        let available = heldBytes
        let start = consumed
        return input.withUnsafeBytes { encoded in
            output.withUnsafeMutableBytes { decoded in
                let z = stream
                z.pointee.next_in = encoded.baseAddress.map {
                    UnsafeMutablePointer(mutating: $0.advanced(by: start).assumingMemoryBound(to: Bytef.self))
                }
                z.pointee.avail_in = uInt(available)
                z.pointee.next_out = decoded.baseAddress?.assumingMemoryBound(to: Bytef.self)
                z.pointee.avail_out = uInt(maximum)
                let code = CZlib.inflate(z, Z_NO_FLUSH)
                let used = available - Int(z.pointee.avail_in)
                let made = maximum - Int(z.pointee.avail_out)
                z.pointee.next_in = nil
                z.pointee.next_out = nil
                return (code, used, made)
            }
        }
    }
}
