import Foundation
import HTTPClientSupport
import Testing

@Suite("TLSOptions: curl's pin syntax checked, certificate authorities named, passwords never shown")
struct TLSOptionsTests {
    private let digest = Data((0..<32).map { UInt8($0) })

    @Test("a sha256// pin parses to its 32-byte digest and prints as it was written")
    func pinRoundTrip() throws {
        let text = "sha256//" + digest.base64EncodedString()

        let pin = try TLSOptions.PublicKeyPin(parsing: text)

        #expect(pin.sha256 == digest)
        #expect(pin.description == text)
        #expect(try TLSOptions.PublicKeyPin(sha256: digest) == pin)
    }

    @Test("a pin without the prefix, with bad base64 or of another length is refused, naming it")
    func invalidPins() {
        let short = "sha256//" + Data(digest.prefix(20)).base64EncodedString()
        for text in ["sha1//" + digest.base64EncodedString(), "sha256//not base64!", short, ""] {
            let error = #expect(throws: TLSOptionsError.self) { try TLSOptions.PublicKeyPin(parsing: text) }
            guard case .invalidPin(let named, _) = error else {
                Issue.record("expected invalidPin for \(text), got \(String(describing: error))")
                continue
            }
            #expect(named == text)
        }
    }

    @Test("a pin list is curl's sha256//…;sha256//…, spaces ignored; an empty list is refused")
    func pinList() throws {
        let other = Data(repeating: 7, count: 32)
        let text = " sha256//\(digest.base64EncodedString()) ; sha256//\(other.base64EncodedString());"

        let pins = try TLSOptions.PublicKeyPin.list(parsing: text)

        #expect(pins.map(\.sha256) == [digest, other])
        #expect(throws: TLSOptionsError.self) { try TLSOptions.PublicKeyPin.list(parsing: " ; ") }
    }

    @Test("certificate authorities need a file or a folder")
    func certificateAuthorities() throws {
        #expect(throws: TLSOptionsError.noCertificateAuthorities) { try TLSOptions.CertificateAuthorities() }
        let both = try TLSOptions.CertificateAuthorities(
            file: URL(fileURLWithPath: "/tmp/ca.pem"), folder: URL(fileURLWithPath: "/tmp/cas"))
        #expect(both.description == "file /tmp/ca.pem and folder /tmp/cas")
    }

    @Test("the default options are standard; a client identity's password is never described")
    func descriptions() throws {
        #expect(TLSOptions().isStandard)
        #expect(TLSOptions().description == "standard")
        let identity = TLSOptions.ClientIdentity(
            certificate: URL(fileURLWithPath: "/tmp/c.pem"), privateKey: URL(fileURLWithPath: "/tmp/k.pem"),
            password: "hunter2")
        let options = TLSOptions(clientIdentity: identity, minimumVersion: .tls13)

        #expect(!options.isStandard)
        #expect(!options.description.contains("hunter2"))
        #expect(options.description.contains("password [redacted]"))
        #expect(options.description.contains("TLS 1.3"))
    }
}
