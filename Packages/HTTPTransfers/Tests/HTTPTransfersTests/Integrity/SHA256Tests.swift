import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

struct SHA256Tests {
    @Test func knownVectors() {
        #expect(
            HTTPDigest.hex(SHA256.digest(of: Data()))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            HTTPDigest.hex(SHA256.digest(of: Data("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let twoBlocks = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(
            HTTPDigest.hex(SHA256.digest(of: twoBlocks))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test(arguments: [0, 1, 55, 56, 63, 64, 65, 119, 128, 1_000, 70_001])
    func matchesTheSystemToolWhateverTheChunking(count: Int) throws {
        let data = sampleBytes(count, seed: UInt8(truncatingIfNeeded: count))
        var hash = SHA256()
        var rest = data[...]
        var size = 1
        while !rest.isEmpty {
            hash.update(Data(rest.prefix(size)))
            rest = rest.dropFirst(size)
            size = size * 3 + 1
        }
        #expect(HTTPDigest.hex(hash.finalize()) == (try SHA256Sum.hex(data)))
    }

    @Test func finalizingACopyLeavesTheHashGoingOn() {
        var hash = SHA256()
        hash.update(Data("ab".utf8))
        let early = hash.finalize()
        hash.update(Data("c".utf8))
        #expect(HTTPDigest.hex(early) == HTTPDigest.hex(SHA256.digest(of: Data("ab".utf8))))
        #expect(HTTPDigest.hex(hash.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
