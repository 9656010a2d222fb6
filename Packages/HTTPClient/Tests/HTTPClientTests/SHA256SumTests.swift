import DevServerSupport
import Foundation
import Testing

@Suite("SHA256Sum")
struct SHA256SumTests {
    @Test("known digests (FIPS 180-4 examples) of whole buffers")
    func knownDigests() throws {
        #expect(try SHA256Sum.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            try SHA256Sum.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("a message fed in uneven pieces has the digest of the whole")
    func pieces() throws {
        let text = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        let sum = try SHA256Sum()
        for start in stride(from: 0, to: text.count, by: 7) { try sum.update(text[start..<min(start + 7, text.count)]) }

        #expect(try sum.finalize() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("a file's digest equals the digest of its bytes")
    func file() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sha256sum-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("abc".utf8).write(to: url)

        #expect(
            try SHA256Sum.hex(contentsOf: url) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("a missing file fails with the tool's status")
    func missingFile() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")

        #expect(throws: SHA256Sum.Error.self) { try SHA256Sum.hex(contentsOf: url) }
    }
}
