import Foundation

/// Finds the DER-encoded SubjectPublicKeyInfo in a DER-encoded X.509 certificate: the bytes a public key pin
/// (`sha256//…`) is the SHA-256 digest of.
enum SubjectPublicKeyInfo {
    /// The SubjectPublicKeyInfo of `certificate`, or `nil` when it is not a DER X.509 certificate.
    ///
    /// `Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version OPTIONAL, serialNumber, signature,
    /// issuer, validity, subject, subjectPublicKeyInfo, … }, … }` (RFC 5280, 4.1).
    static func der(inCertificate certificate: Data) -> Data? {
        let bytes = [UInt8](certificate)
        guard let outer = DERElement(in: bytes, at: 0), outer.tag == 0x30,
            let tbs = DERElement(in: bytes, at: outer.contentStart), tbs.tag == 0x30
        else { return nil }
        var offset = tbs.contentStart
        if let version = DERElement(in: bytes, at: offset), version.tag == 0xA0 { offset = version.end }
        // serialNumber, signature, issuer, validity, subject
        for _ in 0..<5 {
            guard let field = DERElement(in: bytes, at: offset), field.end <= tbs.end else { return nil }
            offset = field.end
        }
        guard let key = DERElement(in: bytes, at: offset), key.tag == 0x30, key.end <= tbs.end else { return nil }
        return Data(bytes[offset..<key.end])
    }
}

/// One DER tag-length-value element: where its content starts and where it ends.
struct DERElement {
    /// The tag byte (single-byte tags only, as X.509's are).
    let tag: UInt8
    /// The offset of the first content byte.
    let contentStart: Int
    /// The offset just past the last content byte.
    let end: Int

    /// The element starting at `offset` of `bytes`, or `nil` when its header or length runs past the end.
    init?(in bytes: [UInt8], at offset: Int) {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        var start = offset + 2
        var length = Int(bytes[offset + 1])
        if length >= 0x80 {
            let count = length & 0x7F
            guard (1...4).contains(count), start + count <= bytes.count else { return nil }
            length = bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
            start += count
        }
        guard length <= bytes.count - start else { return nil }
        tag = bytes[offset]
        contentStart = start
        end = start + length
    }
}
