import Foundation
import HTTPClient
import Testing

@testable import HTTPTransfers

struct HTTPDigestTests {
    private let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    @Test func hexRoundTripsAndPrintsAsAFieldMember() throws {
        let digest = try HTTPDigest(sha256Hex: abc.uppercased())
        #expect(digest.hex == abc)
        #expect(digest.description == "sha-256=:ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=:")
    }

    @Test(arguments: ["", "abc", String(repeating: "g", count: 64), String(repeating: "a", count: 62)])
    func textThatIsNotA64DigitHexIsRefused(text: String) {
        #expect(throws: HTTPDigest.FormatError.self) { try HTTPDigest(sha256Hex: text) }
    }

    @Test func bytesOfAnotherLengthAreRefused() {
        #expect(throws: HTTPDigest.FormatError.self) { try HTTPDigest(algorithm: .sha256, bytes: Data(count: 31)) }
    }
}
