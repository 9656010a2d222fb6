import CZlib
import Foundation
import Testing

@testable import CurlInfrastructure

@Suite("ZlibInflater")
struct ZlibInflaterTests {
    private let text = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7 % 251) })

    @Test("gzip fed one byte at a time decodes to the original, in steps of at most the maximum")
    func gzipByteByByte() throws {
        let encoded = ZlibCompression.compress(text, as: .gzip)

        let (decoded, largest) = try decode(encoded, .gzip, feedSize: 1, maximum: 4096)

        #expect(decoded == text)
        #expect(largest <= 4096)
    }

    @Test(
        "deflate as a zlib stream and as raw deflate both decode",
        arguments: [
            ZlibCompression.Format.zlib, .rawDeflate,
        ])
    func deflate(format: ZlibCompression.Format) throws {
        let encoded = ZlibCompression.compress(text, as: format)

        let (decoded, _) = try decode(encoded, .deflate, feedSize: 1000, maximum: 64 * 1024)

        #expect(decoded == text)
    }

    @Test("a multi-member gzip stream decodes to every member, in order")
    func multiMember() throws {
        let second = Data("and the second member".utf8)
        let encoded = ZlibCompression.compress(text, as: .gzip) + ZlibCompression.compress(second, as: .gzip)

        let (decoded, _) = try decode(encoded, .gzip, feedSize: 777, maximum: 64 * 1024)

        #expect(decoded == text + second)
    }

    @Test("bytes after the last gzip member that start no member are ignored")
    func trailingBytes() throws {
        let encoded = ZlibCompression.compress(text, as: .gzip) + Data([0, 0, 0, 0])

        let (decoded, _) = try decode(encoded, .gzip, feedSize: 4096, maximum: 64 * 1024)

        #expect(decoded == text)
    }

    @Test(
        "a truncated stream is an error once the body ends",
        arguments: [
            ZlibCompression.Format.gzip, .zlib,
        ])
    func truncated(format: ZlibCompression.Format) throws {
        let encoded = ZlibCompression.compress(text, as: format)
        let coding: ContentCoding = format == .gzip ? .gzip : .deflate

        let error = #expect(throws: ContentDecodingError.self) {
            _ = try decode(encoded.prefix(encoded.count / 2), coding, feedSize: 4096, maximum: 64 * 1024)
        }

        #expect(error == .truncated(coding))
    }

    @Test("a corrupt stream is an error that keeps zlib's message")
    func corrupt() throws {
        var encoded = ZlibCompression.compress(text, as: .gzip)
        encoded[encoded.startIndex + 3] = 0xff  // reserved flag bits of the gzip header

        let error = #expect(throws: ContentDecodingError.self) {
            _ = try decode(encoded, .gzip, feedSize: 4096, maximum: 64 * 1024)
        }

        guard case .corrupt(.gzip, let cause) = error else {
            Issue.record("expected a corrupt gzip error, got \(String(describing: error))")
            return
        }
        #expect(cause.code == Z_DATA_ERROR)
        #expect(cause.message == "unknown header flags set")
        #expect("\(error.map { "\($0)" } ?? "")".contains("unknown header flags set"))
    }

    @Test("an empty body is no error")
    func empty() throws {
        let (decoded, _) = try decode(Data(), .gzip, feedSize: 1, maximum: 16)

        #expect(decoded.isEmpty)
    }

    /// Feeds `encoded` in pieces of `feedSize`, stepping until each piece is used up; returns the decoded bytes
    /// and the largest step.
    private func decode(
        _ encoded: Data, _ coding: ContentCoding, feedSize: Int, maximum: Int
    ) throws -> (Data, Int) {
        let inflater = ZlibInflater(coding)
        var decoded = Data()
        var largest = 0
        var offset = encoded.startIndex
        while offset < encoded.endIndex {
            let end = min(offset + feedSize, encoded.endIndex)
            inflater.feed(encoded[offset..<end])
            offset = end
            while true {
                let step = try inflater.step(maximum: maximum)
                if step.isEmpty { break }
                largest = max(largest, step.count)
                decoded.append(step)
            }
        }
        try inflater.finish()
        return (decoded, largest)
    }
}
