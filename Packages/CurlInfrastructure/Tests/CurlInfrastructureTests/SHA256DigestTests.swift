import Foundation
import Testing

@Suite("SHA256Digest (test helper)")
struct SHA256DigestTests {
    @Test("known digests, fed whole and in uneven pieces")
    func knownDigests() {
        #expect(SHA256Digest.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256Digest.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
        let text = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        var pieces = SHA256Digest()
        for start in stride(from: 0, to: text.count, by: 7) { pieces.update(text[start..<min(start + 7, text.count)]) }
        #expect(pieces.hex() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
