import Foundation

/// A self-signed certificate for 127.0.0.1 and its key, made with `openssl` for a test's TLS server.
public enum SelfSignedCertificate {
    /// Why `openssl` did not make the certificate.
    public struct Error: Swift.Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Writes `cert.pem` and `key.pem` (an EC P-256 key) into `folder`, valid for a day for `IP:127.0.0.1`.
    /// - Throws: ``Error`` when `openssl` exits with a failure, or the error starting it.
    public static func make(in folder: URL) throws {
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", folder.appendingPathComponent("key.pem").path,
            "-out", folder.appendingPathComponent("cert.pem").path,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else {
            throw Error(description: "openssl req exited with status \(openssl.terminationStatus)")
        }
    }
}
