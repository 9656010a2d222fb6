import DevServerSupport
import Foundation
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

@Suite("SubjectPublicKeyInfo and PEMCertificates: the bytes a pin hashes, found as openssl finds them")
struct SubjectPublicKeyInfoTests {
    @Test("the SubjectPublicKeyInfo found in a certificate is the DER openssl prints for its public key")
    func matchesOpenSSL() throws {
        let folder = try TemporaryDirectory(prefix: "spki")
        try SelfSignedCertificate.make(in: folder.url)
        let pem = try Data(contentsOf: folder.file("cert.pem"))
        let expected = try OpenSSL.run(
            ["pkey", "-in", folder.file("key.pem").path, "-pubout", "-outform", "DER"])

        let certificates = PEMCertificates.der(in: pem)

        #expect(certificates.count == 1)
        let der = try #require(certificates.first)
        #expect(SubjectPublicKeyInfo.der(inCertificate: der) == expected)
    }

    @Test("bytes that are not a certificate, or stop short, have no SubjectPublicKeyInfo")
    func malformed() throws {
        let folder = try TemporaryDirectory(prefix: "spki")
        try SelfSignedCertificate.make(in: folder.url)
        let der = try #require(PEMCertificates.der(in: try Data(contentsOf: folder.file("cert.pem"))).first)

        #expect(SubjectPublicKeyInfo.der(inCertificate: Data()) == nil)
        #expect(SubjectPublicKeyInfo.der(inCertificate: Data([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF])) == nil)
        #expect(SubjectPublicKeyInfo.der(inCertificate: der.prefix(der.count / 3)) == nil)
    }
}
