import Foundation

/// A private certificate authority for tests, made with `openssl` in a folder of the test's own: it issues
/// server certificates (for chosen names, or already expired) and client certificates, and tells a
/// certificate's public key pin. Nothing it makes is ever committed; the folder goes with the test.
///
/// ```swift
/// let ca = try TestCertificateAuthority(in: folder.url, name: "Test Root")
/// let server = try ca.issueServer(named: "server")           // for 127.0.0.1
/// let pin = try TestCertificateAuthority.pin(of: server.certificate)   // sha256//…
/// ```
public struct TestCertificateAuthority: Sendable {
    /// A certificate and its private key, both PEM files.
    public struct Issued: Sendable {
        /// The certificate.
        public let certificate: URL
        /// Its private key, unencrypted.
        public let privateKey: URL
    }

    /// The folder the authority's files are in.
    public let folder: URL
    /// The authority's own self-signed certificate: the root to trust.
    public let certificate: URL
    private let key: URL

    /// Makes a new root certificate and key (EC P-256, valid for two days) named `name`, as
    /// `<file>.pem` and `<file>-key.pem` in `folder`.
    /// - Throws: ``OpenSSL/Error`` when `openssl` fails.
    public init(in folder: URL, name: String, file: String = "ca") throws {
        self.folder = folder
        certificate = folder.appendingPathComponent("\(file).pem")
        key = folder.appendingPathComponent("\(file)-key.pem")
        try OpenSSL.run(
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                "-subj", "/CN=\(name)", "-addext", "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign", "-keyout", key.path, "-out", certificate.path,
            ])
    }

    /// Issues a server certificate for `hosts` (IP addresses or DNS names) as `<file>.pem` and `<file>-key.pem`.
    /// - Parameters:
    ///   - file: The name of the certificate's file, without `.pem`.
    ///   - hosts: The IP addresses and DNS names the certificate names.
    ///   - expired: Whether the certificate's validity ended a day before it began, so every check finds it
    ///     expired.
    /// - Throws: ``OpenSSL/Error`` when `openssl` fails.
    public func issueServer(named file: String, hosts: [String] = ["127.0.0.1"], expired: Bool = false) throws -> Issued
    {
        let names = hosts.map { $0.first?.isNumber == true || $0.contains(":") ? "IP:\($0)" : "DNS:\($0)" }
        return try issue(
            file, subject: hosts.first ?? file, days: expired ? -1 : 2,
            extensions: ["subjectAltName=\(names.joined(separator: ","))", "extendedKeyUsage=serverAuth"])
    }

    /// Issues a client certificate for `name` as `<file>.pem` and `<file>-key.pem`.
    /// - Throws: ``OpenSSL/Error`` when `openssl` fails.
    public func issueClient(named file: String, name: String = "test client") throws -> Issued {
        try issue(file, subject: name, days: 2, extensions: ["extendedKeyUsage=clientAuth"])
    }

    /// A folder holding only the authority's certificate under its subject hash (`<hash>.0`), as curl's
    /// `--capath` and OpenSSL's `CAPATH` look certificates up.
    /// - Throws: ``OpenSSL/Error`` when `openssl` fails, or the error writing the folder.
    public func hashedFolder(named name: String = "capath") throws -> URL {
        let hashed = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: hashed, withIntermediateDirectories: true)
        let hash = String(
            decoding: try OpenSSL.run(["x509", "-in", certificate.path, "-noout", "-subject_hash"]), as: UTF8.self
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.copyItem(at: certificate, to: hashed.appendingPathComponent("\(hash).0"))
        return hashed
    }

    /// The pin of `certificate`'s public key as curl writes it: `sha256//` and the base64 SHA-256 digest of its
    /// DER SubjectPublicKeyInfo.
    /// - Throws: ``OpenSSL/Error`` when `openssl` fails.
    public static func pin(of certificate: URL) throws -> String {
        let publicKey = try OpenSSL.run(["x509", "-in", certificate.path, "-pubkey", "-noout"])
        let der = try OpenSSL.run(["pkey", "-pubin", "-outform", "DER"], input: publicKey)
        let digest = try OpenSSL.run(["dgst", "-sha256", "-binary"], input: der)
        return "sha256//" + digest.base64EncodedString()
    }

    private func issue(_ file: String, subject: String, days: Int, extensions: [String]) throws -> Issued {
        let issued = Issued(
            certificate: folder.appendingPathComponent("\(file).pem"),
            privateKey: folder.appendingPathComponent("\(file)-key.pem"))
        let request = folder.appendingPathComponent("\(file).csr")
        let extensionFile = folder.appendingPathComponent("\(file).ext")
        try Data((extensions + ["basicConstraints=CA:FALSE"]).joined(separator: "\n").utf8).write(to: extensionFile)
        try OpenSSL.run(
            [
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-subj", "/CN=\(subject)", "-keyout", issued.privateKey.path, "-out", request.path,
            ])
        try OpenSSL.run(
            [
                "x509", "-req", "-in", request.path, "-CA", certificate.path, "-CAkey", key.path, "-set_serial",
                String(UInt32.random(in: 1...UInt32.max)), "-days", String(days), "-extfile", extensionFile.path,
                "-out", issued.certificate.path,
            ])
        return issued
    }
}
